import { type ComponentType, createContext, useContext } from 'react';

// Where the campaign editor gets images from other than an address typed in: the media library
// (features/media), given by the dashboard around its pages. Features never import each other, so
// the editor (features/campaigns) knows only this shape; without a source it asks for an address.

/** An image ready to put in an email: `width` is what it is shown at (at most the 600 px column). */
export interface PickedImage {
  url: string;
  alt: string;
  width: number;
  height: number;
  /** The file's name, where there is one: an alt-text suggestion may read it. */
  name?: string;
  /** The media library's id of the image, when it is one of the library's. */
  id?: string;
}

export type ImageUploadResult = { image: PickedImage } | { error: string };

export interface ImageSource {
  /** Stores one file with its alt text, telling the share sent (0 to 1) as it goes. */
  upload(file: File, alt: string, onProgress: (sent: number) => void): Promise<ImageUploadResult>;
  /** The account's images to choose one from. */
  Library: ComponentType<{ onPick(image: PickedImage): void }>;
  /** The catalogue's product images, each copied into the library when chosen. */
  Products?: ComponentType<{ onPick(image: PickedImage): void }>;
}

export const ImageSourceContext = createContext<ImageSource | null>(null);

export function useImageSource(): ImageSource | null {
  return useContext(ImageSourceContext);
}

/** The email column's width: an image is never shown wider, however many pixels it has. */
export const EMAIL_COLUMN_PX = 600;

/** The size an image of `width` × `height` pixels is shown at in the column. */
export function shownSize(width: number, height: number): { width: number; height: number } {
  const shown = Math.min(EMAIL_COLUMN_PX, width);
  return { width: shown, height: Math.round((height * shown) / Math.max(1, width)) };
}
