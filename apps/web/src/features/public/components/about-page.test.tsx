import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { AboutPage } from './about-page.tsx';

it('tells the mission and the four values', () => {
  renderWithProviders(<AboutPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'About Jamiya' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Our mission' })).toBeInTheDocument();
  const values = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
  expect(values).toEqual(['Transparency', 'Fairness', 'Trust', 'Mutual help']);
  expect(screen.getByRole('link', { name: 'Apply to join' })).toHaveAttribute('href', '/join');
});
