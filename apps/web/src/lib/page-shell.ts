import { createContext, useContext } from 'react';

/**
 * True while the build draws a signed-in page as it looks before its data (prerender.tsx): its
 * layout, its headings and its loading states, which are the same for every member. There is no
 * session to check there; in the browser the session check runs as before, and the app renders
 * in place of the drawing (docs/boot.md).
 */
const PageShellContext = createContext(false);

export const PageShellProvider = PageShellContext.Provider;

export function useIsPageShell(): boolean {
  return useContext(PageShellContext);
}
