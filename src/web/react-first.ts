// React's packages are CommonJS, so the bundler wraps each in a function that runs on its first
// `require`, not when the `react` chunk is evaluated: react-dom's start-up (the largest piece of script
// a page runs before it can draw) would land in the task that evaluates the app's own modules.
// Imported for its effect, and bundled into the `react` chunk (vite.config.ts), this runs it there, in
// the task boot.ts gives that chunk (docs/decisions/035-load-on-use.md).
import 'react-dom/client';
