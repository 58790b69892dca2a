import type { Product } from '@postlark/shared/products';
import { StatusBadge } from '../../../components/ui/status-badge';
import { PRODUCTS_TEXTS, productPrice } from '../products-content';
import '../../../components/ui/data-table.css';
import './audience.css';
import './products-page.css';

/** The catalogue's rows: title (a link to the product's page when it has one) and id, price, stock, categories. */
export function ProductsTable({ products, loading }: { products: readonly Product[]; loading: boolean }) {
  return (
    <div className={`data-table products-table${loading ? ' data-table--loading' : ''}`}>
      <table aria-label={PRODUCTS_TEXTS.tableLabel} aria-busy={loading || undefined}>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="data-table__num">
              Price
            </th>
            <th scope="col">Stock</th>
            <th scope="col">Categories</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id}>
              <td className="products-table__product">
                {product.url ? (
                  <a className="products-table__title" href={product.url} target="_blank" rel="noopener noreferrer">
                    {product.title}
                  </a>
                ) : (
                  <span className="products-table__title">{product.title}</span>
                )}
                <span className="products-table__id">{product.id}</span>
              </td>
              <td className="data-table__num products-table__price">{productPrice(product) ?? <span className="products-table__none">No price</span>}</td>
              <td className="products-table__stock">
                <StatusBadge tone={product.in_stock ? 'good' : 'quiet'}>{product.in_stock ? 'In stock' : 'Out of stock'}</StatusBadge>
              </td>
              <td className="products-table__categories">
                {product.categories.length === 0 ? (
                  <span className="products-table__none">None</span>
                ) : (
                  <ul className="products-table__chips" aria-label={`Categories of ${product.title}`}>
                    {product.categories.map((category) => (
                      <li key={category} className="products-table__chip">
                        {category}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
