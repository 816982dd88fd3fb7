import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchFileUrl } from '../lib/api-client.ts';

/** The member's photo (fetched with the bearer token) or their initials. */
export function Avatar({ name, image, size = 40 }: { name: string; image: string | null; size?: number }) {
  const photo = useQuery({
    queryKey: ['file', image],
    queryFn: () => fetchFileUrl(image!),
    enabled: Boolean(image),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
  useEffect(() => {
    const url = photo.data;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [photo.data]);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  if (photo.data) {
    return <img src={photo.data} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  return (
    <span
      aria-hidden
      className="grid shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
    >
      {initials || '?'}
    </span>
  );
}
