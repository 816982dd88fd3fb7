import type { ReactNode } from 'react';
import type { ChartAccount } from '@jamiya/contracts/accounts';
import { useTexts } from '../../../lib/i18n.tsx';
import { ACCOUNT_KINDS } from '../lib/account-kinds.ts';
import { ACCOUNT_GROUPS_TEXTS } from '../texts.ts';

/**
 * The chart's accounts as a select's options, a group for each kind that has any; `extraOf`
 * adds options at the end of a kind's group.
 */
export function AccountOptions({
  accounts,
  extraOf,
}: {
  accounts: readonly ChartAccount[];
  extraOf?: (kind: ChartAccount['kind']) => ReactNode;
}) {
  const i18n = useTexts();
  return ACCOUNT_KINDS.map((kind) => {
    const ofKind = accounts.filter((c) => c.kind === kind);
    return (
      ofKind.length > 0 && (
        <optgroup key={kind} label={i18n._(ACCOUNT_GROUPS_TEXTS[kind])}>
          {ofKind.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
          {extraOf?.(kind)}
        </optgroup>
      )
    );
  });
}
