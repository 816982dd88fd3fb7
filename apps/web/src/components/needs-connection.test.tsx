import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { myBonusBody } from '../features/bonus/testing/fixtures.ts';
import { MyBonusPage } from '../features/bonus/components/my-bonus-page.tsx';
import { SessionCheck } from '../features/auth/components/require-session.tsx';
import { tellNetworkWaits } from '../lib/query-client.ts';
import { renderWithProviders, stubApi } from '../testing/render.tsx';

// A page opened offline whose figures the phone never kept says that it needs a connection,
// rather than turning until the network comes back (issue 33).

let stop = () => {};
afterEach(() => {
  stop();
  onlineManager.setOnline(true);
});

function openOffline(ui = <MyBonusPage />) {
  const requests = stubApi({ 'GET /api/my-bonus': () => ({ body: myBonusBody() }) });
  onlineManager.setOnline(false);
  const { queryClient } = renderWithProviders(ui, { path: '/user/my-bonus' });
  stop = tellNetworkWaits(queryClient);
  return { requests, queryClient };
}

describe('a page offline', () => {
  it('says it needs a connection where nothing was kept, and shows its figures once online', async () => {
    const { requests } = openOffline();
    expect(await screen.findByText('This needs a connection')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'It has not been opened on this phone with a connection yet. It will show when you are back online.',
    );
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(requests).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('region', { name: 'This period so far' })).toBeVisible();
    expect(screen.queryByText('This needs a connection')).toBeNull();
  });

  it('shows what was kept, with no word of a connection', async () => {
    stubApi({});
    onlineManager.setOnline(false);
    const { queryClient } = renderWithProviders(<MyBonusPage />, { path: '/user/my-bonus' });
    stop = tellNetworkWaits(queryClient);
    act(() => queryClient.setQueryData(['myBonus'], myBonusBody()));
    expect(await screen.findByRole('region', { name: 'This period so far' })).toBeVisible();
    expect(screen.queryByText('This needs a connection')).toBeNull();
  });

  it('leaves the session check turning: the figures it waits for are on the phone', async () => {
    openOffline(
      <>
        <MyBonusPage />
        <SessionCheck />
      </>,
    );
    expect(await screen.findByText('This needs a connection')).toBeVisible();
    expect(screen.getByText('Checking your session...')).toBeVisible();
  });
});
