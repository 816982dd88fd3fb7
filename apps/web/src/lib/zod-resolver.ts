import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

// The forms validate with the contracts' zod schemas (shared with the server), but a page
// does not wait for them: zod (about 30 KB) loads when the person first turns to the page (a
// touch, a click, a key, or the focus moving into it), and a form's own schema when they first
// turn to a form or a dialog (which takes the focus as it opens, so a form opened in one has its
// schema before the signal can go), or at the first validation if that comes sooner; not while the page itself is
// still loading, where they would compete with its code and data for a slow network. (The tap
// on a link that leaves Home used to fetch Home's recharge schema too.) A form imports its
// schema's module only through `load`, never statically (docs/decisions/009-web-bundle-budget.md).

type Schema<Input, Output> = z.ZodType<Output, Input>;

let validation: Promise<typeof zodResolver> | undefined;

function loadValidation() {
  return (validation ??= keepUnlessFailed(
    Promise.all([import('@hookform/resolvers/zod'), import('./zod-config.ts')]).then(
      ([resolvers]) => resolvers.zodResolver,
    ),
    () => (validation = undefined),
  ));
}

/** A promise kept while it is pending or done; forgotten when it fails, so a retry loads again. */
function keepUnlessFailed<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  promise.catch(forget);
  return promise;
}

const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin'] as const;
/** Work waiting for the first interaction; `true` when it waits for one inside a form. */
const waiting = new Map<() => unknown, boolean>();

function onFirstInteraction(work: () => unknown, { inForm = false } = {}) {
  if (typeof document === 'undefined') return; // rendered by the build (prerender.tsx)
  if (!waiting.size) {
    for (const type of FIRST_INTERACTION) document.addEventListener(type, startWaiting, true);
  }
  waiting.set(work, inForm);
}

function startWaiting(event: Event) {
  // A form, or a dialog opened to hold one: focus moves into it as it opens, before any field.
  const inForm = event.target instanceof Element && event.target.closest('form, dialog') !== null;
  const due = [...waiting].filter(([, needsForm]) => inForm || !needsForm);
  for (const [work] of due) waiting.delete(work);
  if (!waiting.size) {
    for (const type of FIRST_INTERACTION) document.removeEventListener(type, startWaiting, true);
  }
  for (const [work] of due) work();
}

/**
 * react-hook-form's resolver for the zod schema that `load` imports. Made once per schema
 * (at module level, or in a useMemo for a schema that depends on props).
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Schema<Input, Output>>,
): Resolver<Input, unknown, Output> {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  const prepare = () =>
    (ready ??= keepUnlessFailed(
      // zod must be configured before a schema module builds its first object (zod-config.ts),
      // so the schema is loaded after it.
      loadValidation().then((zodResolver) =>
        load().then(
          (schema) =>
            zodResolver(schema as Parameters<typeof zodResolver>[0]) as unknown as Resolver<
              Input,
              unknown,
              Output
            >,
        ),
      ),
      () => (ready = undefined),
    ));
  onFirstInteraction(() => loadValidation().catch(() => undefined));
  onFirstInteraction(() => prepare().catch(() => undefined), { inForm: true });
  return (values, context, options) =>
    prepare().then(
      (resolve) => resolve(values, context, options),
      // Its code did not come (no network): the form says so rather than doing nothing, and
      // the next try loads it again.
      (error: unknown): ResolverResult<Input, Output> => {
        void import('./messages.ts').then(({ toastError }) => toastError(error));
        return {
          values: {},
          errors: {
            root: { type: 'load', message: /*i18n*/ 'Network Error' },
          } as FieldErrors<Input>,
        };
      },
    );
}
