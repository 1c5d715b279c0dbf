import { FaqSection } from '../components/faq-section';
import { HeroSection } from '../components/hero-section';
import { PageShell } from '../components/page-shell';
import { PortfolioSection } from '../components/portfolio/portfolio-section';
import { ProcessSection } from '../components/process-section';
import { IdeaFormSection } from '../features/idea-form/idea-form';
import { Island } from '../islands/island';
import { useSiteSettings } from '../site-settings';

/** Home (/): hero, process, portfolio, FAQ, idea form; the last three (and the header) are islands (docs/decisions/060). */
export default function HomePage() {
  const { kakaoChannelUrl } = useSiteSettings();
  return (
    <PageShell route="home">
      <HeroSection />
      {/* Below a phone's first screen: laid out after first paint, one section per frame (docs/decisions/060). */}
      <div data-render-later="">
        <ProcessSection />
      </div>
      <div data-render-later="">
        <Island name="portfolio" component={PortfolioSection} props={{}} />
      </div>
      <div data-render-later="">
        <Island name="faq" component={FaqSection} props={{}} />
      </div>
      <div data-render-later="">
        <Island name="idea-form" component={IdeaFormSection} props={{ kakaoChannelUrl }} />
      </div>
    </PageShell>
  );
}
