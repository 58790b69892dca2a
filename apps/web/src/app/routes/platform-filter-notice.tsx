import { Link } from 'react-router';
import { DELIVERY_TEXTS, type EmailPlatformId, PLATFORM_NAMES } from '@postlark/shared/integrations';
import { PlatformMark } from '../../components/ui/platform-mark';
import '../../components/ui/notice.css';
import './platform-filter-notice.css';

/** Which platform the campaigns or A/B tests page is filtered by (the sidebar's sub-items), and the way back to all. */
export function PlatformFilterNotice({ platform, clearTo }: { platform: EmailPlatformId; clearTo: string }) {
  return (
    <p className="notice notice--info platform-filter" role="status">
      <PlatformMark platform={platform} size="sm" />
      <span>{DELIVERY_TEXTS.filterOn(PLATFORM_NAMES[platform])}</span>
      <Link to={clearTo}>{DELIVERY_TEXTS.filterClear}</Link>
    </p>
  );
}
