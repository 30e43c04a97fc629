import { Link } from 'react-router';
import { LastUpdated, LegalSection } from '../components/legal';
import { textLinkClass } from '../components/site-links';
import { SitePage } from '../components/site-page';

export function PrivacyPage() {
  return (
    <SitePage title="Privacy Policy" lead={<LastUpdated />}>
      <p className="mt-8 leading-7 text-slate-700">
        This policy explains what this Postflow service stores about you, where it keeps it, what it sends to others and how to have it
        deleted.
      </p>

      <LegalSection title="Who is responsible">
        <p>
          Postflow is open-source software that anyone can run on their own server. Your data is controlled by the operator of this copy:
          the person or organisation that installed it at this address (“we”). The authors of the software never receive it. Reach us
          through the{' '}
          <Link to="/contact" className={textLinkClass}>
            contact page
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection title="What we store">
        <ul>
          <li>
            <strong>Your account:</strong> name, email address, your password as an argon2id hash (never the password itself), and the
            profile details you add (username, bio, location, website, avatar and cover images, time zone).
          </li>
          <li>
            <strong>Sessions:</strong> digests of your sign-in tokens, with the browser (user agent), IP address and times of each session.
          </li>
          <li>
            <strong>Connected accounts:</strong> your id, name and picture on X or LinkedIn, and the access and refresh tokens the network
            issued, encrypted with AES-256-GCM.
          </li>
          <li>
            <strong>Posts:</strong> what you write, the version for each network, when it is scheduled, its status, a log of each publishing
            attempt, and the post’s id and link on the network.
          </li>
          <li>
            <strong>Images</strong> you upload, re-encoded with their embedded metadata (such as location) removed.
          </li>
          <li>
            <strong>Statistics:</strong> snapshots of your posts’ impressions, likes, comments, shares and clicks, your follower counts, and
            the insights drawn from them.
          </li>
          <li>
            <strong>Email</strong> we send you (password resets, publishing failures, access expiry warnings), and <strong>messages</strong>{' '}
            you send through the contact form.
          </li>
          <li>
            <strong>Abuse protection:</strong> counters of recent requests per IP address or email address, deleted after a day.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Where it is kept">
        <p>
          In our PostgreSQL database and, for images, in the service’s data folder (<code>DATA_DIR</code>), on the servers we run or rent.
          Nothing is stored with the authors of Postflow or any other third party.
        </p>
      </LegalSection>

      <LegalSection title="What we send to others">
        <ul>
          <li>
            <strong>X and LinkedIn:</strong> the posts and images you publish, and requests to read your profile, your posts and their
            statistics, made with the access you granted.
          </li>
          <li>
            <strong>An AI service, only if we configured one:</strong> when an OpenAI-compatible service is set up, the texts you ask it to
            work on (drafts, topics) and, for insights, the statistics behind them are sent to it. Without one, AI runs inside this server
            and nothing leaves it.
          </li>
          <li>
            <strong>Our mail provider:</strong> the emails we send you, if we send mail through one.
          </li>
        </ul>
        <p>We do not sell your data or share it with advertisers.</p>
      </LegalSection>

      <LegalSection title="No tracking">
        <p>
          There are no analytics or advertising scripts, no third-party scripts or fonts, and no tracking cookies. Your browser keeps your
          sign-in tokens and small preferences (such as a dismissed offer) in its local storage, and a short-lived cookie carries a network
          sign-in back to the app.
        </p>
      </LegalSection>

      <LegalSection title="How long we keep it, and deletion">
        <ul>
          <li>Your data is kept while your account exists.</li>
          <li>Disconnecting a network deletes its tokens, after asking the network to revoke them where it allows.</li>
          <li>Deleting a post removes it here and, if it was published, on the network.</li>
          <li>
            To delete your account and everything linked to it, ask us through the{' '}
            <Link to="/contact" className={textLinkClass}>
              contact page
            </Link>
            . Copies in our backups disappear as those backups expire.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Security">
        <p>
          Passwords are hashed with argon2id, sign-in tokens are stored only as digests and expire, the networks’ tokens are encrypted at
          rest, and sign-in, password resets and the contact form are rate limited. The app is meant to be served over HTTPS.
        </p>
      </LegalSection>

      <LegalSection title="Your rights">
        <p>
          You can see and correct your details on your profile, and ask us for a copy of your data or for its deletion. Depending on where
          you live, data protection law may give you further rights, such as complaining to your data protection authority.
        </p>
      </LegalSection>

      <LegalSection title="Changes">
        <p>We may update this policy. This page always shows the version in effect, which is why its date is today’s.</p>
      </LegalSection>
    </SitePage>
  );
}
