import { useTranslation } from '../../../lib/i18n.tsx';

/**
 * An account's name in the reader's language, made from its code as the server makes it
 * (`cash`, `savings:3`, `loan:2`: apps/server/src/features/ledger/accounts.ts); the name the
 * server keeps, in English, for a code not known here. The code itself is in no language: the
 * pages show it with translate="no".
 */
export function useAccountName(): (code: string, name: string) => string {
  const { t, i18n } = useTranslation('admin-books');
  return (code, name) => {
    const [kind = '', id] = code.split(':');
    const key = `accounts.${kind}`;
    return i18n.exists(key, { ns: 'admin-books' }) ? t(key, { id }) : name;
  };
}
