import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSignOut } from '../../../api/logout.ts';
import { PROFILE_MENU, SIGN_OUT_ENTRY } from './menu-entries.ts';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { saveLanguage } from '../../../api/save-language.ts';
import { toastError } from '../../../lib/messages.ts';

/**
 * The profile menu's entries, then Sign out: the desktop card and the phone's page list the
 * same, each in its own look (`itemClass`; Sign out is a button as wide as a link). `onChoose`
 * runs on any choice.
 */
export function ProfileMenuList({
  className,
  itemClass,
  signOutItemClass,
  onChoose,
}: {
  className: string;
  itemClass: string;
  signOutItemClass?: string;
  onChoose?: () => void;
}) {
  const { t } = useTranslation('layout');
  const signOut = useSignOut();
  return (
    <ul className={className}>
      {PROFILE_MENU.map(({ key, to, Icon }) => (
        <li key={key}>
          <Link to={to} onClick={onChoose} className={itemClass}>
            <Icon className="size-5 text-brand-700" />
            {t(`menu.${key}`)}
          </Link>
        </li>
      ))}
      <li className="px-3 py-2">
        <LanguageSelect onChosen={(language) => void saveLanguage(language).catch(toastError)} />
      </li>
      <li className={signOutItemClass}>
        <button
          type="button"
          onClick={() => {
            onChoose?.();
            void signOut();
          }}
          className={`${itemClass} w-full text-start`}
        >
          <SIGN_OUT_ENTRY.Icon className="size-5 text-brand-700" />
          {t(`menu.${SIGN_OUT_ENTRY.key}`)}
        </button>
      </li>
    </ul>
  );
}
