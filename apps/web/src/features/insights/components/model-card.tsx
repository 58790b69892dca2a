import type { PurchaseModel } from '@postlark/shared/insights';
import { formatCount, formatDay, formatDecimal } from '../insights-format';
import { CardHead } from '../../../components/ui/card';

type Estimate = { value: number; standard_error: number | null };

function Parameter({ name, symbol, estimate }: { name: string; symbol: string; estimate: Estimate }) {
  return (
    <tr>
      <th scope="row">
        <span className="insights-model__symbol">{symbol}</span> {name}
      </th>
      <td className="insights-num">{formatDecimal(estimate.value)}</td>
      <td className="insights-num insights-model__error">{estimate.standard_error === null ? 'not estimable' : `± ${formatDecimal(estimate.standard_error)}`}</td>
    </tr>
  );
}

function ParameterTable({ caption, rows, logLikelihood }: { caption: string; rows: { name: string; symbol: string; estimate: Estimate }[]; logLikelihood: number }) {
  return (
    <table className="insights-model__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Parameter</th>
          <th scope="col" className="insights-num">
            Estimate
          </th>
          <th scope="col" className="insights-num">
            Standard error
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Parameter key={row.symbol} {...row} />
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Log-likelihood</th>
          <td className="insights-num" colSpan={2}>
            {formatDecimal(logLikelihood)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * The fitted models behind the predictions: BG/NBD (who is still buying, and how often) and
 * Gamma-Gamma (how much an order is worth), with standard errors, when and on what they were
 * fitted; or, below the data a fit needs, exactly what is missing.
 */
export function ModelCard({ model }: { model: PurchaseModel }) {
  return (
    <section className="dash-card insights-card insights-model" aria-labelledby="insights-model-title">
      <CardHead
        title="The model"
        titleId="insights-model-title"
        text={
          <>
            Fitted to {formatCount(model.customers)} {model.customers === 1 ? 'customer' : 'customers'} ({formatCount(model.repeat_customers)} with a repeat order) by maximum likelihood.
          </>
        }
      />
      <dl className="insights-model__facts">
        <div>
          <dt>As of</dt>
          <dd>{formatDay(model.as_of)}</dd>
        </div>
        <div>
          <dt>Fitted</dt>
          <dd>{formatDay(model.fitted_at)}</dd>
        </div>
      </dl>
      {model.notes.length > 0 && (
        <div className="insights-model__missing" role="note">
          <strong>What is missing</strong>
          <ul>
            {model.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="insights-model__tables">
        {model.bg_nbd && (
          <ParameterTable
            caption="BG/NBD: purchases and drop-out"
            logLikelihood={model.bg_nbd.log_likelihood}
            rows={[
              { name: 'purchase rate shape', symbol: 'r', estimate: model.bg_nbd.r },
              { name: 'purchase rate scale', symbol: 'α', estimate: model.bg_nbd.alpha },
              { name: 'drop-out shape', symbol: 'a', estimate: model.bg_nbd.a },
              { name: 'drop-out shape', symbol: 'b', estimate: model.bg_nbd.b },
            ]}
          />
        )}
        {model.gamma_gamma && (
          <ParameterTable
            caption="Gamma-Gamma: order value"
            logLikelihood={model.gamma_gamma.log_likelihood}
            rows={[
              { name: 'spend shape', symbol: 'p', estimate: model.gamma_gamma.p },
              { name: 'spend heterogeneity', symbol: 'q', estimate: model.gamma_gamma.q },
              { name: 'spend scale', symbol: 'v', estimate: model.gamma_gamma.v },
            ]}
          />
        )}
      </div>
    </section>
  );
}
