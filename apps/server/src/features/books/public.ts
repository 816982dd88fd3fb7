// The door of books: the association's own books by hand: entries for what never passes
// through the bank, and corrections by reversal (docs/domain/accounts.md).
export { booksAdminRoutes } from './routes.ts';
