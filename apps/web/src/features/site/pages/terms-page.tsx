import { Link } from 'react-router';
import { LastUpdated, LegalSection } from '../components/legal';
import { textLinkClass } from '../components/site-links';
import { SitePage } from '../components/site-page';

export function TermsPage() {
  return (
    <SitePage title="Terms of Service" lead={<LastUpdated />}>
      <p className="mt-8 leading-7 text-slate-700">
        These terms apply to this Postflow service: the website and app at this address. Please read them together with the{' '}
        <Link to="/privacy" className={textLinkClass}>
          Privacy Policy
        </Link>
        .
      </p>

      <LegalSection title="Who runs this service">
        <p>
          Postflow is open-source software that anyone can install on their own server. This copy is run by its operator: the person or
          organisation that installed it here (“we” and “us” below). The authors of the Postflow software do not run this service and cannot
          see your data.
        </p>
      </LegalSection>

      <LegalSection title="Your account">
        <ul>
          <li>You need an account to use the app. Give accurate details and keep your password to yourself.</li>
          <li>You are responsible for what happens under your account, including posts sent from it.</li>
          <li>Tell us through the contact page if you think someone else has used your account.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Connected networks">
        <p>
          When you connect X (Twitter) or LinkedIn, you allow this service to publish, schedule, read and delete posts and to read
          statistics on your behalf, within the permissions you approved on that network’s consent page. You can disconnect an account at
          any time.
        </p>
        <p>
          Your use of each network stays subject to that network’s own terms and policies. Networks may change their services, limit or
          revoke access, or remove posts; we are not responsible for their decisions.
        </p>
      </LegalSection>

      <LegalSection title="Acceptable use">
        <p>Do not use the service to:</p>
        <ul>
          <li>publish anything unlawful, or content that breaks the rules of the network it goes to;</li>
          <li>send spam or deceptive, automated bulk posting;</li>
          <li>get around rate limits, probe for weaknesses or get into accounts or data that are not yours;</li>
          <li>disrupt the service for other people.</li>
        </ul>
        <p>We may suspend accounts that do, and disconnect them from the networks.</p>
      </LegalSection>

      <LegalSection title="Your content">
        <p>
          You keep every right to what you write and upload. You allow us to store it, process it (for example to tailor it with AI or to
          resize an image) and send it to the networks you choose, as far as needed to provide the service.
        </p>
      </LegalSection>

      <LegalSection title="Scheduling, AI and availability">
        <ul>
          <li>
            We work to send every scheduled post on time and exactly once. A post that cannot be sent close to its time is held back and you
            are told, rather than it being sent at a surprising time.
          </li>
          <li>AI suggestions can be wrong or unsuitable. Read every version before it is published; what goes out is your decision.</li>
          <li>
            The service is provided as it is, without a promise of uninterrupted availability. Keep your own copy of anything important.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Plans and payment">
        <p>
          Where we charge for the service, the plans and prices are those shown on the home page. Paid plans come with a 30-day money-back
          guarantee and can be cancelled at any time; annual billing has a 20% discount, and posts above a paid plan’s daily limit may carry
          a small overage fee. Running your own copy of Postflow is free under its licence.
        </p>
      </LegalSection>

      <LegalSection title="Ending">
        <p>
          You can stop using the service at any time and ask us to delete your account through the{' '}
          <Link to="/contact" className={textLinkClass}>
            contact page
          </Link>
          . We may end or suspend access if these terms are broken, or if we stop running the service; we will give notice where we
          reasonably can.
        </p>
      </LegalSection>

      <LegalSection title="Liability">
        <p>
          To the extent the law allows, the service comes without warranties, and we are not liable for indirect or consequential losses,
          lost content or lost profits, or for the actions of X, LinkedIn or other third parties. Nothing here limits liability that cannot
          be limited by law.
        </p>
      </LegalSection>

      <LegalSection title="The software licence">
        <p>
          The Postflow software is licensed under the GNU Affero General Public License, version 3. If you change it and let others use your
          changed version over a network, that licence asks you to offer them its source code.
        </p>
      </LegalSection>

      <LegalSection title="Changes and questions">
        <p>
          We may update these terms. This page always shows the version in effect, which is why its date is today’s. Questions are welcome
          through the{' '}
          <Link to="/contact" className={textLinkClass}>
            contact page
          </Link>
          .
        </p>
      </LegalSection>
    </SitePage>
  );
}
