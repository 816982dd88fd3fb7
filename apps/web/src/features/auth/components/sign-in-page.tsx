import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { LoginRequest } from '@jamiya/contracts/auth';
import { getProfileQueryOptions } from '../../../api/get-profile.ts';
import { EmailInput, PasswordInput } from '../../../components/credential-inputs.tsx';
import { Field } from '../../../components/field.tsx';
import { FormPage } from '../../../components/form-page.tsx';
import { PrerenderedForm } from '../../../components/prerendered-form.tsx';
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
    <FormPage title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <PrerenderedForm
        onSubmit={onSubmit}
        isSubmitting={isSubmitting}
        submitLabel={t('signIn.submit')}
        footer={
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
        }
      >
        <Field label={t('signIn.email')} error={errors.email?.message}>
          {(a) => <EmailInput {...a} {...form.register('email')} />}
        </Field>
        <Field label={t('signIn.password')} error={errors.password?.message}>
          {(a) => <PasswordInput {...a} {...form.register('password')} />}
        </Field>
      </PrerenderedForm>
    </FormPage>
  );
}
