import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { LoginRequest } from '@jamiya/contracts/auth';
import { getProfileQueryOptions } from '../../../api/get-profile.ts';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { applyServerErrors, toastError, toastSuccess } from '../../../lib/messages.ts';
import {
  getToken,
  setCachedProfileId,
  setHasMemberArea,
  setToken,
} from '../../../lib/session-store.ts';
import { useLogin } from '../api/login.ts';

/**
 * Where a sign-in leads: back to the deep link that sent the person here, if it is a page
 * they may see; otherwise the admin area for an admin and the member area for a member. An
 * admin who is not a member has no member area at all.
 */
function landingPath(user: { role: string; is_member: boolean }, state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  const isAdmin = user.role === 'admin';
  const isMember = user.is_member !== false;
  if ((isMember && from?.startsWith('/user')) || (isAdmin && from?.startsWith('/admin')))
    return from;
  return isAdmin || !isMember ? '/admin' : '/user';
}

const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/auth').then((m) => m.loginRequest),
);

export function SignInPage() {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const isHydrated = useIsHydrated();
  const form = useForm<LoginRequest>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // From the sign-in's start to its failure: a sign-in under way leads where it should itself.
  const [isSigningIn, setSigningIn] = useState(false);

  // Someone already signed in has nothing to do here: once the session answers, to their area
  // (the admin area for an admin who is not a member). The storage is read once the page runs
  // in the browser (the build draws this page for everyone).
  const hasSession = isHydrated && !isSigningIn && getToken() !== null;
  const session = useQuery({ ...getProfileQueryOptions(), enabled: hasSession, retry: false });
  const signedInUser = hasSession ? session.data?.userData : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    setSigningIn(true);
    try {
      const res = await login.mutateAsync(values);
      setToken(res.access_token);
      toastSuccess(res.message);
      form.reset();
      queryClient.clear();
      const profile = await queryClient.fetchQuery(getProfileQueryOptions());
      setCachedProfileId(profile.userData.id);
      setHasMemberArea(profile.userData.is_member);
      await navigate(landingPath(profile.userData, location.state), { replace: true });
    } catch (error) {
      setSigningIn(false);
      applyServerErrors(error, form.setError, ['email', 'password']);
      toastError(error);
    }
  });

  if (signedInUser)
    return <Navigate to={signedInUser.is_member === false ? '/admin' : '/user'} replace />;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t('signIn.title')}</h1>
        <p className="mt-2 text-slate-700">{t('signIn.subtitle')}</p>
      </div>
      <form
        noValidate
        // The page shows before its script runs (it is prerendered). Its fields wait for the
        // script (the fieldset below), as what they held would be lost when it takes over; a
        // form sent some other way in that moment is posted, so nothing lands in a URL.
        method="post"
        onSubmit={onSubmit}
        className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm"
      >
        <fieldset disabled={!isHydrated} className="contents">
          <Field label={t('signIn.email')} error={errors.email?.message}>
            {(a) => (
              <input
                {...a}
                type="email"
                autoComplete="email"
                inputMode="email"
                className={inputClass}
                {...form.register('email')}
              />
            )}
          </Field>
          <Field label={t('signIn.password')} error={errors.password?.message}>
            {(a) => (
              <input
                {...a}
                type="password"
                autoComplete="current-password"
                className={inputClass}
                {...form.register('password')}
              />
            )}
          </Field>
          <Button
            type="submit"
            // Disabled by the fieldset too; named here so that checkers see it as disabled.
            disabled={!isHydrated}
            isBusy={isSubmitting}
          >
            {t('signIn.submit')}
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Link
              to="/forgot-password"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {t('signIn.forgot')}
            </Link>
            <span className="text-slate-700">
              {t('signIn.noAccount')}{' '}
              <Link to="/join" className="font-medium text-brand-700 underline underline-offset-2">
                {t('signIn.join')}
              </Link>
            </span>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
