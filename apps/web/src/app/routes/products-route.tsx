import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_LIMITS, type ProductsPage } from '@postlark/shared/products';
import { ROUTES } from '@postlark/shared/routes';
import { Button, buttonClass } from '../../components/ui/button';
import { PageLoading, PageState } from '../../components/ui/page-state';
import { SubscribersPager } from '../../features/audience/components/subscribers-pager';
import { ProductsTable } from '../../features/audience/components/products-table';
import { SearchBox } from '../../features/audience/components/subscribers-toolbar';
import { getProducts } from '../../features/audience/products-api';
import { PRODUCTS_TEXTS } from '../../features/audience/products-content';
import { payloadMessage } from '../../lib/api-client';
import '../../components/ui/notice.css';
import '../../features/audience/components/products-page.css';
import { PageHeader } from '../../components/ui/page-header';

// The search is in the address (?q=), so a reload keeps it; the page is not.
const SEARCH_PARAM = 'q';
const IMPORT_PRODUCTS = `${ROUTES.imports}?kind=products`;

interface Answer {
  request: string;
  page: ProductsPage | null;
  error: string | null;
}

/**
 * The catalogue's keyset pages for a search: Next pushes the page's cursor, Previous pops it, and
 * another search starts from the first page. While a page loads, the last one stays shown.
 */
function useProductPages(q: string) {
  const [paging, setPaging] = useState<{ q: string; cursors: readonly string[] }>({ q, cursors: [] });
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  let cursors = paging.cursors;
  if (paging.q !== q) {
    cursors = [];
    setPaging({ q, cursors });
  }
  const after = cursors.at(-1) ?? null;
  const request = `${q}#${after ?? ''}#${attempt}`;

  useEffect(() => {
    let live = true;
    getProducts(q, after).then(
      (answered) => {
        if (!live) return;
        if (answered.ok && answered.body) setAnswer({ request, page: answered.body.payload, error: null });
        else setAnswer({ request, page: null, error: payloadMessage(answered.body) ?? PRODUCTS_TEXTS.loadFailed });
      },
      () => live && setAnswer({ request, page: null, error: PRODUCTS_TEXTS.loadFailed }),
    );
    return () => {
      live = false;
    };
  }, [q, after, request]);

  const loading = answer?.request !== request;
  const nextCursor = loading ? null : (answer?.page?.next_cursor ?? null);
  return {
    page: answer?.page ?? null,
    error: loading ? null : (answer?.error ?? null),
    loading,
    pageIndex: cursors.length,
    hasNext: nextCursor !== null,
    next: () => nextCursor && setPaging({ q, cursors: [...cursors, nextCursor] }),
    previous: () => setPaging({ q, cursors: cursors.slice(0, -1) }),
    retry: () => setAttempt((count) => count + 1),
  };
}

/** /dashboard/products: the customer's catalogue (title, price, stock, categories), searched a page at a time. */
export default function ProductsRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get(SEARCH_PARAM) ?? '';
  const pages = useProductPages(q);
  const search = useCallback((next: string) => setParams(next ? { [SEARCH_PARAM]: next } : {}, { replace: true }), [setParams]);
  const { page } = pages;

  let content;
  if (pages.error) {
    content = (
      <p className="notice notice--error products-card__notice" role="alert">
        {pages.error}
        <button type="button" className="notice__action" onClick={pages.retry}>
          Try again
        </button>
      </p>
    );
  } else if (!page) {
    content = <PageLoading text={PRODUCTS_TEXTS.loading} />;
  } else if (page.total === 0 && q) {
    content = (
      <PageState
        icon="search"
        title={PRODUCTS_TEXTS.noMatchTitle}
        text={PRODUCTS_TEXTS.noMatchText}
        action={
          <Button variant="secondary" onClick={() => search('')}>
            {PRODUCTS_TEXTS.clearSearch}
          </Button>
        }
      />
    );
  } else if (page.total === 0) {
    content = (
      <PageState
        icon="lists"
        title={PRODUCTS_TEXTS.emptyTitle}
        text={PRODUCTS_TEXTS.emptyText}
        action={
          <Link className={buttonClass('primary')} to={IMPORT_PRODUCTS}>
            {PRODUCTS_TEXTS.importAction}
          </Link>
        }
      />
    );
  } else {
    content = (
      <>
        <ProductsTable products={page.products} loading={pages.loading} />
        <SubscribersPager
          label="Product pages"
          pageIndex={pages.pageIndex}
          rowsOnPage={page.products.length}
          total={page.total}
          hasNext={pages.hasNext}
          busy={pages.loading}
          onPrevious={pages.previous}
          onNext={pages.next}
        />
      </>
    );
  }

  return (
    <div className="products-page">
      <PageHeader
        title={PRODUCTS_TEXTS.title}
        lead={PRODUCTS_TEXTS.lead}
        actions={
          <Link className={buttonClass('secondary')} to={IMPORT_PRODUCTS}>
            {PRODUCTS_TEXTS.importAction}
          </Link>
        }
      />
      <section className="dash-card products-card" aria-label={PRODUCTS_TEXTS.tableLabel}>
        <div className="products-toolbar">
          <SearchBox value={q} onSearch={search} label={PRODUCTS_TEXTS.searchLabel} placeholder={PRODUCTS_TEXTS.searchPlaceholder} maxLength={PRODUCT_LIMITS.search} />
        </div>
        {content}
      </section>
    </div>
  );
}
