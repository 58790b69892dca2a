import type { MediaAsset } from '@postlark/shared/media';
import { type ImageSource, type PickedImage, shownSize } from '../../components/media/image-source';
import { payloadMessage } from '../../lib/api-client';
import { MediaLibrary } from './components/media-library';
import { ProductImages } from './components/product-images';
import { uploadMedia } from './media-api';
import { MEDIA_TEXTS } from './media-content';

/** An image of the library as the editor puts it in: the widest variant, shown at the column's width at most. */
export function pickedFrom(asset: MediaAsset): PickedImage {
  return { id: asset.id, url: asset.url, alt: asset.alt, name: asset.name, ...shownSize(asset.width, asset.height) };
}

function PickFromLibrary({ onPick }: { onPick(image: PickedImage): void }) {
  return <MediaLibrary onPick={(asset) => onPick(pickedFrom(asset))} />;
}

/** The media library as the campaign editor's image source (components/media/image-source.ts). */
export const mediaImageSource: ImageSource = {
  async upload(file, alt, onProgress) {
    try {
      const answer = await uploadMedia(file, alt, onProgress);
      if (answer.ok && answer.body) return { image: pickedFrom(answer.body.payload) };
      return { error: payloadMessage(answer.body) ?? MEDIA_TEXTS.uploadFailed };
    } catch {
      return { error: MEDIA_TEXTS.uploadFailed };
    }
  },
  Library: PickFromLibrary,
  Products: ProductImages,
};
