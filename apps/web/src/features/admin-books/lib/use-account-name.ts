import { useTexts } from '../../../lib/i18n.tsx';
import { ACCOUNTS_TEXTS } from '../texts.ts';

/**
 * An account's name in the reader's language, made from its code as the server makes it
 * (`cash`, `savings:3`, `loan:2`: apps/server/src/features/ledger/accounts.ts); the name the
 * server keeps, in English, for a code not known here. The code itself is in no language: the
 * pages show it with translate="no".
 */
export function useAccountName(): (code: string, name: string) => string {
  const i18n = useTexts();
  return (code, name) => {
    const [kind = '', id] = code.split(':');
    const text = ACCOUNTS_TEXTS[kind];
    return text ? i18n._(text, { id }) : name;
  };
}
