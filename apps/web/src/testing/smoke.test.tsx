import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { SignInPage } from '../features/auth/components/sign-in-page.tsx';
import { renderWithProviders } from './render.tsx';

it('renders the sign-in page with its texts from i18n', () => {
  renderWithProviders(<SignInPage />);
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toBeInTheDocument();
});
