import {
  AB_DIMENSION_LABELS,
  AB_LIMITS,
  type AbDimension,
  type AbStepTestSettings,
  type AbVariant,
} from "@postlark/shared/ab-tests";
import { CAMPAIGN_LIMITS } from "@postlark/shared/campaigns";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { TextAreaField } from "../../../components/ui/text-area-field";
import { TextField } from "../../../components/ui/text-field";
import {
  addVariant,
  formatMinutes,
  removeVariant,
  replaceVariant,
  variantDelay,
  variantHtml,
  variantLabel,
  variantText,
  withDimension,
} from "../ab-test-settings";
import { AB_DELAY_CHOICES, AB_TEXTS } from "../ab-tests-content";

/** The original's fields, shown read-only as variant A. */
export interface AbOriginal {
  subject: string;
  preheader: string;
  from_name: string;
  /** A content variant may start from it. */
  content_html: string;
}

const TEXT_LIMITS = {
  subject: CAMPAIGN_LIMITS.subject,
  preheader: CAMPAIGN_LIMITS.preheader,
  from_name: CAMPAIGN_LIMITS.fromName,
} as const;

interface VariantFieldsProps<Test extends AbStepTestSettings> {
  /** Prefix of the fields' ids: one panel per page. */
  idPrefix: string;
  test: Test;
  dimensions: readonly AbDimension[];
  original: AbOriginal;
  readOnly: boolean;
  onChange(test: Test): void;
}

/** What differs (a choice of pills), then A as written and the editable variants B to D. */
export function AbVariantFields<Test extends AbStepTestSettings>({
  idPrefix,
  test,
  dimensions,
  original,
  readOnly,
  onChange,
}: VariantFieldsProps<Test>) {
  const canAdd = !readOnly && test.variants.length < AB_LIMITS.maxVariants;
  const canRemove = !readOnly && test.variants.length > AB_LIMITS.minVariants;
  return (
    <>
      <fieldset className="ab-choice" disabled={readOnly}>
        <legend className="ab-panel__label">{AB_TEXTS.dimension}</legend>
        <div className="ab-choice__options">
          {dimensions.map((dimension) => (
            <label key={dimension} className="ab-choice__option">
              <input
                type="radio"
                name={`${idPrefix}-dimension`}
                value={dimension}
                checked={test.dimension === dimension}
                onChange={() => onChange(withDimension(test, dimension))}
              />
              <span>{AB_DIMENSION_LABELS[dimension]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="ab-variants" role="group" aria-label={AB_TEXTS.variants}>
        <div className="ab-variant ab-variant--original">
          <span className="ab-variant__label" aria-hidden="true">
            A
          </span>
          <div className="ab-variant__body">
            <span className="ab-panel__label">{AB_TEXTS.original}</span>
            <span className="ab-variant__original">
              {originalText(test.dimension, original)}
            </span>
          </div>
        </div>
        {test.variants.slice(1).map((variant, offset) => {
          const index = offset + 1;
          const label = variantLabel(index);
          return (
            <div key={index} className="ab-variant">
              <span className="ab-variant__label" aria-hidden="true">
                {label}
              </span>
              <div className="ab-variant__body">
                <VariantField
                  id={`${idPrefix}-variant-${label}`}
                  label={`Variant ${label}`}
                  dimension={test.dimension}
                  variant={variant}
                  original={original}
                  readOnly={readOnly}
                  onChange={(next) =>
                    onChange(replaceVariant(test, index, next))
                  }
                />
              </div>
              {canRemove && (
                <Button
                  variant="ghost"
                  className="ab-variant__remove"
                  aria-label={AB_TEXTS.removeVariant(label)}
                  onClick={() => onChange(removeVariant(test, index))}
                >
                  Remove
                </Button>
              )}
            </div>
          );
        })}
        {canAdd && (
          <Button
            variant="secondary"
            className="ab-variants__add"
            onClick={() => onChange(addVariant(test))}
          >
            {AB_TEXTS.addVariant}
          </Button>
        )}
      </div>
    </>
  );
}

function originalText(dimension: AbDimension, original: AbOriginal): string {
  if (dimension === "content") return "The content written above.";
  if (dimension === "send_time") return AB_TEXTS.atStart;
  return (
    original[dimension] ||
    `No ${AB_DIMENSION_LABELS[dimension].toLowerCase()} yet.`
  );
}

interface VariantFieldProps {
  id: string;
  label: string;
  dimension: AbDimension;
  variant: AbVariant;
  original: AbOriginal;
  readOnly: boolean;
  onChange(variant: AbVariant): void;
}

function VariantField({
  id,
  label,
  dimension,
  variant,
  original,
  readOnly,
  onChange,
}: VariantFieldProps) {
  if (dimension === "content")
    return (
      <>
        <TextAreaField
          id={id}
          label={`${label} content (HTML)`}
          hint={AB_TEXTS.contentHint}
          rows={6}
          maxLength={CAMPAIGN_LIMITS.html}
          value={variantHtml(variant)}
          readOnly={readOnly}
          onChange={(event) =>
            onChange({ content_html: event.target.value, content_text: null })
          }
        />
        {!readOnly &&
          variantHtml(variant) === "" &&
          original.content_html !== "" && (
            <Button
              variant="secondary"
              className="ab-variant__copy"
              onClick={() =>
                onChange({
                  content_html: original.content_html,
                  content_text: null,
                })
              }
            >
              {AB_TEXTS.copyOriginal}
            </Button>
          )}
      </>
    );
  if (dimension === "send_time") {
    const delay = variantDelay(variant);
    const choices = AB_DELAY_CHOICES.includes(
      delay as (typeof AB_DELAY_CHOICES)[number],
    )
      ? AB_DELAY_CHOICES
      : [...AB_DELAY_CHOICES, delay].sort((a, b) => a - b);
    return (
      <SelectField
        id={id}
        label={`${label}: ${AB_TEXTS.sendDelay.toLowerCase()}`}
        value={delay}
        disabled={readOnly}
        onChange={(event) =>
          onChange({ send_delay_minutes: Number(event.target.value) })
        }
      >
        {choices.map((minutes) => (
          <option key={minutes} value={minutes}>
            {formatMinutes(minutes)} later
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <TextField
      id={id}
      label={`${label}: ${AB_DIMENSION_LABELS[dimension].toLowerCase()}`}
      maxLength={TEXT_LIMITS[dimension]}
      value={variantText(variant, dimension)}
      readOnly={readOnly}
      onChange={(event) => onChange({ [dimension]: event.target.value })}
    />
  );
}
