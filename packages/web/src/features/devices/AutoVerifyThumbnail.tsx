import { UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { imageUrl } from './api';
import { NoImage } from './NoImage';

interface Props {
  /** url_params of the result; null shows the no-image placeholder (spec 8). */
  params: string | null;
  width: number;
  height: number;
  kind?: 'thumbnail' | 'screenshot';
  onClick?: () => void;
  label?: string;
}

/** An AutoVerify screenshot, or the no-image placeholder when there is none or it fails to load. */
export function AutoVerifyThumbnail({ params, width, height, kind = 'thumbnail', onClick, label }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = { width, maxWidth: '100%', aspectRatio: `${width} / ${height}`, borderRadius: 6 } as const;
  if (!params || failed === params) return <NoImage width={width} height={height} />;
  const img = (
    <img
      src={imageUrl(kind, params)}
      alt={label ?? 'AutoVerify screenshot'}
      width={width}
      height={height}
      style={{ ...frame, height: 'auto', display: 'block', objectFit: 'cover' }}
      onError={() => setFailed(params)}
    />
  );
  if (!onClick) return img;
  return (
    <UnstyledButton onClick={onClick} aria-label="Open the AutoVerify result" style={{ maxWidth: '100%' }}>
      {img}
    </UnstyledButton>
  );
}
