// `npm run vendors:check`: the operator's first-day check of the vendor setup (see docs/operators/vendors.md).
import { runVendorsCheck } from '../src/server/vendors-check/vendors-check';

const code = await runVendorsCheck(process.env, (line) => console.log(line));
process.exit(code);
