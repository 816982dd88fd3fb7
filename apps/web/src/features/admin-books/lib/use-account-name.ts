import { useTexts } from '../../../lib/i18n.tsx';
import { ACCOUNTS_TEXTS } from '../texts.ts';

/**
 * An account's name in the reader's language, made from its code as the server makes it
 * (`cash`, `loan:2`: apps/server/src/features/ledger/accounts.ts); the server's own name for a
 * member's account (it names the member), for a summed line and for a code not known here (an account the
 * association named). The code itself is in no language: the pages show it with translate="no".
 */
export function useAccountName(): (code: string, name: string) => string {
  const i18n = useTexts();
  return (code, name) => {
    const [kind = '', id] = code.split(':');
    // A line summing every member's or loan's account (`savings:*`) the server names with its count.
    if (id === '*' || ((kind === 'savings' || kind === 'fines') && name && name !== code))
      return name;
    const text = ACCOUNTS_TEXTS[kind];
    return text ? i18n._(text, { id }) : name;
  };
}
