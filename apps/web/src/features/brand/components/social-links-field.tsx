import { BRAND_LIMITS, type BrandKitInput, SOCIAL_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '@postlark/shared/brand-kit';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { BRAND_TEXTS } from '../brand-content';

type SocialLinks = BrandKitInput['social_links'];

interface SocialLinksFieldProps {
  links: SocialLinks;
  errors: Record<string, string>;
  onChange(links: SocialLinks): void;
}

/** The footer's social links: a network and its address each, up to BRAND_LIMITS.socialLinks. */
export function SocialLinksField({ links, errors, onChange }: SocialLinksFieldProps) {
  const replace = (index: number, link: SocialLinks[number]) => onChange(links.map((entry, at) => (at === index ? link : entry)));
  const unused = SOCIAL_NETWORKS.find((network) => !links.some((link) => link.network === network)) ?? 'website';
  return (
    <fieldset className="dash-card brand-section">
      <legend className="brand-section__title">{BRAND_TEXTS.socialTitle}</legend>
      <p className="brand-section__intro">{BRAND_TEXTS.socialIntro}</p>
      {links.length === 0 && <p className="brand-section__empty">{BRAND_TEXTS.socialNone}</p>}
      <ul className="brand-social" aria-label={BRAND_TEXTS.socialTitle}>
        {links.map((link, index) => (
          <li key={index} className="brand-social__row">
            <SelectField label={BRAND_TEXTS.socialNetwork} value={link.network} onChange={(event) => replace(index, { ...link, network: event.target.value as SocialNetwork })}>
              {SOCIAL_NETWORKS.map((network) => (
                <option key={network} value={network}>
                  {SOCIAL_LABELS[network]}
                </option>
              ))}
            </SelectField>
            <TextField
              label={BRAND_TEXTS.socialUrl}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link.url}
              maxLength={BRAND_LIMITS.url}
              error={errors[`social_links.${index}.url`]}
              onChange={(event) => replace(index, { ...link, url: event.target.value })}
            />
            <Button variant="ghost" className="brand-social__remove" aria-label={BRAND_TEXTS.socialRemove(SOCIAL_LABELS[link.network])} onClick={() => onChange(links.filter((_entry, at) => at !== index))}>
              ×
            </Button>
          </li>
        ))}
      </ul>
      {links.length < BRAND_LIMITS.socialLinks && (
        <Button variant="secondary" onClick={() => onChange([...links, { network: unused, url: '' }])}>
          {BRAND_TEXTS.socialAdd}
        </Button>
      )}
    </fieldset>
  );
}
