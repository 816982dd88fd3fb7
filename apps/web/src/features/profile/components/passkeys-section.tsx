import { useEffect, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import {
  canUsePasskeys,
  toastPasskeyError,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
} from '../../../api/passkeys.ts';
import { Button } from '../../../components/button.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/messages.ts';

/**
 * The profile's passkeys (issue 54): each with its name, when it was added and last used,
 * and a button to remove it; a phone that can keep one may add it here. The password always
 * works beside them.
 */
export function PasskeysSection() {
  const i18n = useTexts();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [canAdd, setCanAdd] = useState(false);
  useEffect(() => {
    let live = true;
    void canUsePasskeys().then((can) => live && setCanAdd(can));
    return () => {
      live = false;
    };
  }, []);

  const onAdd = () =>
    add.mutate(undefined, {
      onSuccess: (res) => toastSuccess(res.message),
      onError: (error) => {
        toastPasskeyError(error);
      },
    });

  return (
    <section aria-labelledby="profile-passkeys" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="profile-passkeys" className="text-lg font-bold text-slate-900">
        {i18n._('profile.passkeys.title')}
      </h2>
      <p className="mt-1 text-slate-700">{i18n._('profile.passkeys.intro')}</p>
      {passkeys.isPending ? (
        <Spinner />
      ) : passkeys.isError ? (
        <ErrorState onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data.data.length === 0 ? (
        <p className="mt-3 text-slate-600">{i18n._('profile.passkeys.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {passkeys.data.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{p.name}</p>
                <p className="text-sm text-slate-600">
                  {i18n._('profile.passkeys.added', { date: formatDate(p.created_at) })}
                  {' · '}
                  {p.last_used_at
                    ? i18n._('profile.passkeys.lastUsed', { date: formatDate(p.last_used_at) })
                    : i18n._('profile.passkeys.neverUsed')}
                </p>
                {p.suspended && (
                  <p className="text-sm font-semibold text-red-800">
                    {i18n._('profile.passkeys.suspended')}
                  </p>
                )}
              </div>
              <Button
                variant="secondary"
                isBusy={remove.isPending && remove.variables === p.id}
                aria-label={i18n._('profile.passkeys.removeLabel', { name: p.name })}
                onClick={() =>
                  remove.mutate(p.id, {
                    onSuccess: (res) => toastSuccess(res.message),
                    onError: toastError,
                  })
                }
              >
                {i18n._('profile.passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <Button className="mt-3 w-full sm:w-auto" isBusy={add.isPending} onClick={onAdd}>
          {i18n._('profile.passkeys.add')}
        </Button>
      )}
    </section>
  );
}
