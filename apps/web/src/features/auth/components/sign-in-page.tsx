import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { LoginRequest } from '@jamiya/contracts/auth';
import { getProfileQueryOptions } from '../../../api/get-profile.ts';
import { EmailInput, PasswordInput } from '../../../components/credential-inputs.tsx';
import { Field } from '../../../components/field.tsx';
import { FormPage } from '../../../components/form-page.tsx';
import { PrerenderedForm } from '../../../components/prerendered-form.tsx';
import { showFormErrors } from '../../../lib/messages.ts';
import { getToken } from '../../../lib/session-store.ts';
import { enterSession } from '../../../api/start-session.ts';
import { useLogin } from '../api/login.ts';
import type * as PasskeyParts from './passkey-parts.tsx';

const resolver = lazyZodResolver(() =>
  import('@jamiya/contracts/auth').then((m) => m.loginRequest),
);

export function SignInPage() {
  const i18n = useTexts();
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

  // A phone that can keep a passkey is offered it first, the password form beside it. Its
  // part and texts come to such a phone alone: every member's first session passes here, and
  // its bytes are counted (issue 52).
  const [passkeys, setPasskeys] = useState<typeof PasskeyParts | null>(null);
  useEffect(() => {
    if (isHydrated && typeof PublicKeyCredential !== 'undefined')
      void PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().then(async (can) => {
        if (can) setPasskeys(await import('./passkey-parts.tsx'));
      });
  }, [isHydrated]);

  const [offer, setOffer] = useState<{ accountId: number; to: string } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setSigningIn(true);
    try {
      const signedIn = await login.mutateAsync(values);
      form.reset();
      const { user, to } = await enterSession(queryClient, signedIn, location.state);
      // Such a phone is offered a passkey before going on.
      if (await passkeys?.shouldOfferPasskey(user.id)) setOffer({ accountId: user.id, to });
      else await navigate(to, { replace: true });
    } catch (error) {
      setSigningIn(false);
      showFormErrors(error, form.setError, ['email', 'password']);
    }
  });

  if (signedInUser && !offer)
    return <Navigate to={signedInUser.is_member === false ? '/admin' : '/user'} replace />;

  return (
    <FormPage
      pageTitle={i18n._('auth.signIn.title')}
      title={i18n._('auth.signIn.title')}
      subtitle={i18n._('auth.signIn.subtitle')}
    >
      {passkeys && <passkeys.PasskeySignIn />}
      <PrerenderedForm
        onSubmit={onSubmit}
        isSubmitting={isSubmitting}
        submitLabel={i18n._('auth.signIn.submit')}
        footer={
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Link
              to="/forgot-password"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {i18n._('auth.signIn.forgot')}
            </Link>
            <span className="text-slate-700">
              {i18n._('auth.signIn.noAccount')}{' '}
              <Link to="/join" className="font-medium text-brand-700 underline underline-offset-2">
                {i18n._('auth.signIn.join')}
              </Link>
            </span>
          </div>
        }
      >
        <Field label={i18n._('auth.signIn.email')} error={errors.email?.message}>
          {(a) => <EmailInput {...a} {...form.register('email')} />}
        </Field>
        <Field label={i18n._('auth.signIn.password')} error={errors.password?.message}>
          {(a) => <PasswordInput {...a} {...form.register('password')} />}
        </Field>
      </PrerenderedForm>
      {passkeys && offer && (
        <passkeys.PasskeyOffer
          accountId={offer.accountId}
          onDone={() => void navigate(offer.to, { replace: true })}
        />
      )}
    </FormPage>
  );
}
