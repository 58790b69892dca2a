import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@postlark/shared/products';
import { ROUTES } from '@postlark/shared/routes';
import type { PickedImage } from '../../../components/media/image-source';
import { Button } from '../../../components/ui/button';
import { EmptyNote, PageLoadFailed, PageLoading } from '../../../components/ui/page-state';
import { TextField } from '../../../components/ui/text-field';
import { payloadMessage } from '../../../lib/api-client';
import { getCatalogueProducts, postImageFromProduct } from '../media-api';
import { MEDIA_TEXTS } from '../media-content';
import { pickedFrom } from '../media-image-source';
import './media.css';

interface ProductImagesProps {
  onPick(image: PickedImage): void;
}

type Answer = { key: string; products: Product[] | null; error: string | null };

/**
 * The picker's Products tab: the catalogue's products that have an image, searched by id or
 * title. Choosing one copies its image into the library (the server fetches and processes it as
 * an upload), so the email shows it from Postlark and not from the shop's server.
 */
export function ProductImages({ onPick }: ProductImagesProps) {
  const [q, setQ] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const key = `${q}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      getCatalogueProducts(q, controller.signal).then(
        (answered) =>
          setAnswer({
            key,
            products: answered.ok && answered.body ? answered.body.payload.products.filter((product) => product.image_url) : null,
            error: answered.ok ? null : (payloadMessage(answered.body) ?? MEDIA_TEXTS.productsFailed),
          }),
        () => !controller.signal.aborted && setAnswer({ key, products: null, error: MEDIA_TEXTS.productsFailed }),
      );
    }, 200);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q, key]);

  async function use(product: Product) {
    setAdding(product.id);
    setFailure('');
    const answered = await postImageFromProduct(product.id).catch(() => null);
    setAdding(null);
    if (answered?.ok && answered.body) onPick(pickedFrom(answered.body.payload));
    else setFailure(payloadMessage(answered?.body) ?? MEDIA_TEXTS.productFailed);
  }

  const products = answer?.products ?? null;
  return (
    <div className="media-library">
      <p className="media-products__note">{MEDIA_TEXTS.productNote}</p>
      <div className="media-library__toolbar">
        <TextField label={MEDIA_TEXTS.productSearch} type="search" value={q} maxLength={200} onChange={(event) => setQ(event.target.value)} />
      </div>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {!answer && <PageLoading text={MEDIA_TEXTS.productsLoading} />}
      {answer?.error && <PageLoadFailed title={MEDIA_TEXTS.productsFailed} message={answer.error} onRetry={() => setAttempt((count) => count + 1)} />}
      {products && products.length === 0 && (
        <EmptyNote framed>
          {q.trim() ? MEDIA_TEXTS.productsNoMatch : MEDIA_TEXTS.productsNone} {!q.trim() && <Link to={ROUTES.products}>{MEDIA_TEXTS.productsLink}</Link>}
        </EmptyNote>
      )}
      {products && products.length > 0 && (
        <ul className={`media-grid${answer?.key !== key ? ' media-grid--loading' : ''}`} aria-label="Products">
          {products.map((product) => (
            <li key={product.id} className="media-card">
              <div className="media-card__frame">
                {/* The shop's own address, shown here only: what goes in the email is the library's copy.
                    The dashboard loads images over https only (its Content-Security-Policy). */}
                {product.image_url!.startsWith('https:') ? (
                  <img src={product.image_url!} alt="" loading="lazy" referrerPolicy="no-referrer" />
                ) : (
                  <span className="media-products__no-preview">{MEDIA_TEXTS.productNoPreview}</span>
                )}
              </div>
              <div className="media-card__body">
                <p className="media-card__name" title={product.title}>
                  {product.title}
                </p>
                <p className="media-card__facts">{product.id}</p>
                <Button onClick={() => void use(product)} disabled={adding !== null} aria-label={`${MEDIA_TEXTS.useProduct} ${product.title}`}>
                  {adding === product.id ? MEDIA_TEXTS.addingProduct : MEDIA_TEXTS.useProduct}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
