import { Link } from 'react-router';
import { useGuarantees } from '../../../api/get-guarantees.ts';
import { aed } from '../../../lib/format.ts';
import { Trans, useTexts } from '../../../lib/i18n.tsx';

// What the member's guarantees of others' loans do to the home's figures. Nothing while they
// load, offline before they ever came, or when they cannot be read: the home shows without them.
// A name keeps its own direction in the sentence (a Latin name in Arabic): <name> is a <bdi>.
const NAME = { name: <bdi /> };

/** Under the savings: what each guarantee holds of them now. */
export function HeldForGuarantees() {
  const i18n = useTexts();
  const held = useGuarantees().data?.items.filter((g) => g.held > 0) ?? [];
  if (held.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-sm text-brand-100">
      {held.map((g) => (
        <li key={g.id}>
          <Trans
            text={i18n._('home.guarantee.held', { amount: aed(g.held), name: g.borrower.name })}
            components={NAME}
          />
        </li>
      ))}
    </ul>
  );
}

/** The guarantees asked of the member and not answered yet, each a link to answer it. */
export function AskedGuarantees() {
  const i18n = useTexts();
  const asked = useGuarantees().data?.items.filter((g) => g.state === 'asked') ?? [];
  if (asked.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {asked.map((g) => (
        <li key={g.id}>
          <Link
            to="/user/guarantees"
            className="flex min-h-11 items-center gap-3 rounded-xl bg-amber-50 px-4 py-2 font-medium text-amber-950 ring-1 ring-amber-200 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <span className="size-2.5 shrink-0 rounded-full bg-amber-500" aria-hidden />
            <span className="min-w-0 flex-1">
              <Trans
                text={i18n._('home.guarantee.asked', {
                  amount: aed(g.amount),
                  name: g.borrower.name,
                })}
                components={NAME}
              />
            </span>
            <span className="shrink-0 rtl:-scale-x-100" aria-hidden>
              →
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
