// What other modules may use of users/ (docs/architecture.md "Module walls").
export type { UserRow, NewUser } from './users.repository';
export { assertNamesFree, createAccount, createUserAccounts } from './accounts';
export { toPublicUser } from './public-user';
export { bootstrapAdmin } from './bootstrap-admin';
export { hadDeletedAccount, purgeDeletedEmailsBefore, rememberDeletedEmail } from './deleted-emails';
