/**
 * The tab's title of a member page: what the page is, then the app's name ("My Loan · Jamiya"),
 * as in every language. React puts it in the document's head, and the build puts it in the
 * page's HTML (scripts/prerender.mjs). A page renders it in each of its states.
 */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · Jamiya`}</title>;
}
