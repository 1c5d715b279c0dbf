import { FaqSection } from '../components/faq-section';
import { HeroSection } from '../components/hero-section';
import { PageShell } from '../components/page-shell';
import { PortfolioSection } from '../components/portfolio/portfolio-section';
import { ProcessSection } from '../components/process-section';
import { IdeaFormSection } from '../features/idea-form/idea-form';

/** Home (/): hero, process, portfolio, FAQ, idea form. */
export function HomePage() {
  return (
    <PageShell currentPath="/">
      <HeroSection />
      <ProcessSection />
      <PortfolioSection />
      <FaqSection />
      <IdeaFormSection />
    </PageShell>
  );
}
