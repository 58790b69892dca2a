import { PageHeader } from '../../components/ui/page-header';
import { MediaLibrary } from '../../features/media/components/media-library';
import { MEDIA_TEXTS } from '../../features/media/media-content';

/** The media library (issue 33, point 1): the account's images for emails, under Campaigns. */
export default function MediaRoute() {
  return (
    <div className="media-page">
      <PageHeader title={MEDIA_TEXTS.title} lead={MEDIA_TEXTS.lead} />
      <section className="dash-card media-page__card" aria-label="Your images">
        <MediaLibrary />
      </section>
    </div>
  );
}
