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
import { showFormErrors, toastSuccess } from '../../../lib/messages.ts';
import {
  canUsePasskeys,
  toastPasskeyError,
  shouldOfferPasskey,
  signInWithPasskey,
} from '../../../api/passkeys.ts';
import { Button } from '../../../components/button.tsx';
import { getToken } from '../../../lib/session-store.ts';
import { landingPath, startSession } from '../../../api/start-session.ts';
import { useLogin } from '../api/login.ts';
import { PasskeyOffer } from './passkey-offer.tsx';

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

  // A phone that can keep a passkey is offered it first; the password form stays beside it.
  const [canPasskey, setCanPasskey] = useState(false);
  const [isPasskeyBusy, setPasskeyBusy] = useState(false);
  useEffect(() => {
    if (!isHydrated) return;
    let live = true;
    void canUsePasskeys().then((can) => live && setCanPasskey(can));
    return () => {
      live = false;
    };
  }, [isHydrated]);

  // After a password sign-in, a phone that can keep a passkey is offered one before going on.
  const [offer, setOffer] = useState<{ accountId: number; to: string } | null>(null);

  const enter = async (res: { access_token: string; message: string }, byPassword: boolean) => {
    const signingIn = startSession(queryClient, res.access_token);
    toastSuccess(res.message);
    form.reset();
    const from = (location.state as { from?: string } | null)?.from;
    const user = await signingIn;
    const to = landingPath(user, from);
    if (byPassword && (await shouldOfferPasskey(user.id))) setOffer({ accountId: user.id, to });
    else await navigate(to, { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setSigningIn(true);
    try {
      await enter(await login.mutateAsync(values), true);
    } catch (error) {
      setSigningIn(false);
      showFormErrors(error, form.setError, ['email', 'password']);
    }
  });

  const onPasskey = async () => {
    setPasskeyBusy(true);
    setSigningIn(true);
    try {
      await enter(await signInWithPasskey(), false);
    } catch (error) {
      setSigningIn(false);
      toastPasskeyError(error);
    } finally {
      setPasskeyBusy(false);
    }
  };

  if (signedInUser && !offer)
    return <Navigate to={signedInUser.is_member === false ? '/admin' : '/user'} replace />;

  return (
    <FormPage
      pageTitle={i18n._('auth.signIn.title')}
      title={i18n._('auth.signIn.title')}
      subtitle={i18n._('auth.signIn.subtitle')}
    >
      {canPasskey && (
        <div className="mb-4 flex flex-col gap-2">
          <Button isBusy={isPasskeyBusy} onClick={() => void onPasskey()}>
            {i18n._('auth.signIn.passkey')}
          </Button>
          <p className="text-center text-sm text-slate-600">{i18n._('auth.signIn.orPassword')}</p>
        </div>
      )}
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
      {offer && (
        <PasskeyOffer
          accountId={offer.accountId}
          onDone={() => void navigate(offer.to, { replace: true })}
        />
      )}
    </FormPage>
  );
}
