import { MEDIA_LIMITS } from '@postlark/shared/media';

// The media library's words: the Media page, the image picker and the editor's uploads.

export const MEDIA_TEXTS = {
  title: 'Media',
  lead: 'Images for your emails. Each upload is resized for email, stripped of camera data such as location, and served from Postlark.',
  upload: 'Upload images',
  dropHere: 'Drop images here, or choose files',
  dropHint: `JPEG, PNG, GIF or WebP, up to ${MEDIA_LIMITS.maxBytes / (1024 * 1024)} MB each. SVG is not accepted.`,
  search: 'Search images',
  sort: 'Sort',
  sorts: { newest: 'Newest first', oldest: 'Oldest first', name: 'Name', largest: 'Largest first' },
  empty: 'No images yet',
  emptyText: 'Upload your logo and the pictures you use in emails; they are kept here to use again.',
  noMatch: 'No image matches this search.',
  loadFailed: 'Your images could not be loaded.',
  loading: 'Loading your images…',
  uploading: (name: string, percent: number) => `Uploading ${name}: ${percent}%`,
  processing: (name: string) => `Preparing ${name} for email…`,
  uploadFailed: 'The image could not be uploaded.',
  altLabel: 'Alt text',
  altHint: 'What the image shows, read aloud to people who cannot see it and shown when images are blocked.',
  altMissing: 'No alt text',
  saveAlt: 'Save',
  copy: 'Copy address',
  copied: 'Image address copied.',
  copyFailed: 'Could not copy the address: select it and copy it by hand.',
  remove: 'Delete',
  removeTitle: 'Delete this image?',
  removeUsed: (count: number) => `It is used in ${count === 1 ? 'one email' : `${count} emails`}. Sent mail that shows it will show a broken image, and drafts lose it:`,
  removeUnused: 'No campaign or automation uses it. Mail already sent that shows it will show a broken image.',
  removeConfirm: 'Delete image',
  cancel: 'Cancel',
  storage: (used: string, limit: string) => `${used} of ${limit} used`,
  dimensions: (width: number, height: number) => `${width} × ${height}`,
  insert: 'Insert',
  // The picker's Products tab.
  productSearch: 'Search products',
  productsLoading: 'Loading your products…',
  productsFailed: 'Your products could not be loaded.',
  productsNone: 'No product in your catalogue has an image yet. Products come from your shop’s events, the API, or a products import.',
  productsNoMatch: 'No product with an image matches this search.',
  productsLink: 'Go to Products',
  useProduct: 'Use',
  addingProduct: 'Adding…',
  productFailed: 'The product’s image could not be added.',
  productNoPreview: 'Preview after it is added',
  productNote: 'A product’s image is copied into your library, so every inbox loads it from Postlark.',
  pickTitle: 'Insert image',
  fromLibrary: 'Your images',
  fromUpload: 'Upload',
  fromAddress: 'By address',
  askAltTitle: 'Describe the image',
  askAltInsert: 'Upload and insert',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

/** Bytes as people read them: 640 KB, 3.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
