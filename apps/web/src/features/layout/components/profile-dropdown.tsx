import { useEffect, useId, useRef, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { useSignOut } from '../../../api/logout.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { ChevronIcon } from '../../../components/icons.tsx';
import { ProfileMenuList } from './profile-menu-list.tsx';

/** Desktop profile button: a card with the holder's name and ID, closed by an outside click, Escape or a choice. */
export function ProfileDropdown({
  name,
  uniqueId,
  image,
}: {
  name: string;
  uniqueId: string;
  image: string | null;
}) {
  const i18n = useTexts();
  const [isOpen, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // Here, not in the card: its question about waiting payments stays when the card closes.
  const { signOut, question } = useSignOut();

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (e: MouseEvent | TouchEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  return (
    <div ref={ref} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={i18n._('layout.menu.open')}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 ps-1 pe-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <Avatar name={name} image={image} size={36} />
        <span className="max-w-40 truncate font-medium text-slate-900">{name}</span>
        <ChevronIcon className={`size-4 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
      </button>
      {isOpen && (
        <div
          id={menuId}
          className="absolute end-0 top-full z-40 mt-2 w-72 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 p-3">
            <Avatar name={name} image={image} size={44} />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{name}</p>
              <p className="text-sm text-slate-600">{i18n._('layout.menu.id', { id: uniqueId })}</p>
            </div>
          </div>
          <ProfileMenuList
            className="mt-1 flex flex-col"
            itemClass="flex min-h-11 items-center gap-3 rounded-lg px-3 text-slate-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            signOutItemClass="mt-1 border-t border-slate-100 pt-1"
            onChoose={() => setOpen(false)}
            onSignOut={() => {
              // Where the focus comes back to if the member stays signed in.
              buttonRef.current?.focus();
              void signOut();
            }}
          />
        </div>
      )}
      {question}
    </div>
  );
}
