import { useEffect, useState } from 'react';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/settings for the landing page, without the query library: the landing page is the
 * first load, and its budget (issue 6) leaves no room for that library. The figures are a
 * nicety there (the page reads well without them), so one attempt and no cache are enough;
 * the member area reads the same endpoint through api/get-settings.ts.
 */
export function usePublicSettings(): PublicSettings | undefined {
  const [settings, setSettings] = useState<PublicSettings>();
  useEffect(() => {
    const controller = new AbortController();
    api<PublicSettings>('/api/settings', { signal: controller.signal }).then(setSettings, () => {
      // No figures: the steps keep their wording without numbers.
    });
    return () => controller.abort();
  }, []);
  return settings;
}
