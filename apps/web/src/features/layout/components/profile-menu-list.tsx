import { Link } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { ADMIN_AREA_ENTRY, PROFILE_MENU, SIGN_OUT_ENTRY } from './menu-entries.ts';
import { useProfile } from '../../../api/get-profile.ts';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { saveLanguage } from '../../../api/save-language.ts';
import { toastError } from '../../../lib/messages.ts';

/**
 * The profile menu's entries (the admin area first, for an admin), then Sign out: the desktop card and the phone's page list the
 * same, each in its own look (`itemClass`; Sign out is a button as wide as a link). `onChoose`
 * runs on any choice. `onSignOut` is the holder's (api/logout.ts's useSignOut), whose question
 * about waiting payments outlives the card.
 */
export function ProfileMenuList({
  className,
  itemClass,
  signOutItemClass,
  onChoose,
  onSignOut,
}: {
  className: string;
  itemClass: string;
  signOutItemClass?: string;
  onChoose?: () => void;
  onSignOut: () => void;
}) {
  const i18n = useTexts();
  const isAdmin = useProfile().data?.userData.role === 'admin';
  const entries = isAdmin ? [ADMIN_AREA_ENTRY, ...PROFILE_MENU] : PROFILE_MENU;
  return (
    <ul className={className}>
      {entries.map(({ text, to, Icon }) => (
        <li key={to}>
          <Link to={to} onClick={onChoose} className={itemClass}>
            <Icon className="size-5 text-brand-700" />
            {i18n._(text)}
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
            onSignOut();
          }}
          className={`${itemClass} w-full text-start`}
        >
          <SIGN_OUT_ENTRY.Icon className="size-5 text-brand-700" />
          {i18n._(SIGN_OUT_ENTRY.text)}
        </button>
      </li>
    </ul>
  );
}
