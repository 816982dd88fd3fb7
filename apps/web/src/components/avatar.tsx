import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchFileBlob } from '../lib/api-client.ts';

/** The member's photo (fetched with the bearer token) or their initials. */
export function Avatar({
  name,
  image,
  size = 40,
}: {
  name: string;
  image: string | null;
  size?: number;
}) {
  const photo = useQuery({
    queryKey: ['file', image],
    queryFn: () => fetchFileBlob(image!),
    enabled: Boolean(image),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
  // The cache keeps the bytes; each mounted avatar makes its own object URL and frees it.
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) return;
    const objectUrl = URL.createObjectURL(photo.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.data]);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  if (photo.data && url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    // Initials are in no language: a translating browser leaves them be (e2e's language walk too).
    <span
      aria-hidden
      translate="no"
      className="grid shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
    >
      {initials || '?'}
    </span>
  );
}
