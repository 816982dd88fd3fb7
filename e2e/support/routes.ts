import { PAGE_ROUTES, type Layout } from '../../apps/web/src/app/routes.ts';

// The pages of the web app's route table (apps/web/src/app/routes.ts), so that a spec that
// visits them all visits a new page too. A path with a parameter (`/admin/loans/:id`) is a
// pattern: `pathsOf` leaves it out, `patternsOf` gives it.

const pathsOf = (layout: Layout): string[] =>
  PAGE_ROUTES.filter((r) => r.layout === layout && !r.path.includes(':')).map((r) => r.path);

/** The routes of a layout that take a parameter, as written in the table (`/admin/loans/:id`). */
export const patternsOf = (layout: Layout): string[] =>
  PAGE_ROUTES.filter((r) => r.layout === layout && r.path.includes(':')).map((r) => r.path);

/** Every public page (the landing page, sign-in, joining, ...). */
export const PUBLIC_ROUTES = pathsOf('public');

/** Every page of the member area, for the specs that visit them all (a11y, narrow). */
export const MEMBER_ROUTES = pathsOf('member');

/** Every page of the treasurer's area without a parameter. */
export const ADMIN_ROUTES = pathsOf('admin');
