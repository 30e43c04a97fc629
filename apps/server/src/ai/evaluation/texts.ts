/**
 * The evaluation set (docs/ai.md, Evaluation): texts a writer might bring to the wizard, of many
 * lengths and languages, with links, mentions, emoji, lists, hashtags and questions. Every engine's
 * every version of each is checked against every tailoring rule.
 */
export interface EvaluationText {
  id: string;
  /** BCP 47 language of the text. */
  language: string;
  text: string;
}

const paragraph = (...sentences: string[]) => sentences.join(' ');

export const EVALUATION_TEXTS: readonly EvaluationText[] = [
  { id: 'one-liner', language: 'en', text: 'Launch day!' },
  { id: 'short-question', language: 'en', text: 'Which scheduling tool do you use for LinkedIn, and why?' },
  { id: 'short-link', language: 'en', text: 'Our spring release is out. Read the notes at https://postflow.example.com/changelog' },
  {
    id: 'newsletter-600',
    language: 'en',
    text: paragraph(
      'Checking AI tools for our newsletter this week.',
      'We tested five assistants on real client briefs from small businesses in Berlin, and the results surprised us.',
      'The best one saved our editors about 4 hours per issue, while two others invented quotes we never gave them.',
      'Accuracy still matters more than speed: every draft needs a human pass before it goes out.',
      'We wrote up the full comparison, with prices and examples, based on your feedback from last month.',
      'Read it at https://example.com/ai-tools and tell us: which assistant do you trust with your newsletter?',
    ),
  },
  {
    id: 'launch-mentions',
    language: 'en',
    text: paragraph(
      "We're thrilled to launch Postflow today!",
      'Small businesses can now schedule posts and track engagement analytics from one dashboard.',
      'Huge thanks to @maria_dev and @tomkowalski for months of testing, and to our early users who sent 214 bug reports.',
      'Try it free at https://postflow.app and let us know what you think.',
    ),
  },
  {
    id: 'list-question',
    language: 'en',
    text: 'Three lessons from our first year:\n- Ship small and often\n- Talk to users every week\n- Measure what matters, not what is easy\n\nWhat would you add?',
  },
  {
    id: 'emoji-heavy',
    language: 'en',
    text: '🎉 We hit 10,000 subscribers! 🙌 Thank you all for reading, sharing and arguing with us every Friday. ☕️ Next week: a deep dive into pricing pages. 👀 Got a pricing page you love? Send it our way! 💌',
  },
  {
    id: 'numbers-dates',
    language: 'en',
    text: paragraph(
      'Our Q3 report is in.',
      'Revenue grew 18% to $2.4M between July 1 and September 30, 2026.',
      'Churn fell from 3.1% to 2.2%, and 41 new agencies joined, mostly from Germany and Spain.',
      'The biggest surprise was weekend traffic, up 65% after we moved the newsletter to Saturday at 9:30.',
      'The full breakdown, with charts, goes out to investors on October 14.',
      'Questions before then? Reply to this post.',
    ),
  },
  {
    id: 'hashtags-trailing',
    language: 'en',
    text: 'We just opened applications for our summer mentoring program for junior designers. Twelve weeks, one mentor, real client work. #Design #Mentoring #UX',
  },
  {
    id: 'long-essay',
    language: 'en',
    text: [
      paragraph(
        'Most teams treat social media scheduling as an afterthought.',
        'They write a post on Monday morning, paste it into three tools, and hope for the best.',
        'It works until it does not: a post goes out twice, another never goes out, and nobody notices until a customer asks.',
      ),
      paragraph(
        'We spent the last year building a scheduler that never loses a post.',
        'Every post is stored before we accept it, every attempt is recorded, and when the network times out we look before we resend.',
        'That sounds simple, but it took 3 rewrites and a lot of late nights with our database.',
      ),
      paragraph(
        'The result is boring in the best way.',
        'Since March, our customers have scheduled 1.2 million posts and not one was published twice.',
        'When something does fail, the person who wrote the post gets an email that says what happened and what to do next.',
      ),
      paragraph(
        'If you run a small team and you are tired of checking whether your posts went out, give it a try.',
        'Setup takes five minutes at https://postflow.example.com and the first month is on us.',
        'What is the worst scheduling mistake you have seen?',
      ),
    ].join('\n\n'),
  },
  {
    id: 'hand-thread',
    language: 'en',
    text: 'How we cut our cloud bill in half, a thread.\n---\nFirst, we measured. 70% of the spend was two databases nobody had resized since 2022.\n---\nSecond, we moved batch jobs to the night, when spot instances cost a third.\n---\nThird, we deleted 9 TB of logs. Nobody missed them.\n---\nWhat did we miss? Tell us below.',
  },
  {
    id: 'single-long-sentence',
    language: 'en',
    text: 'If you have ever tried to publish the same announcement on five networks at once while your manager asks for a status update, the designer wants one more change to the banner, a customer is waiting on a reply in the support inbox and the launch window closes in ten minutes, you already know why we built a tool that lets you write once and tailor the text for every network without copying and pasting anything at all',
  },
  {
    id: 'cta-no-question',
    language: 'en',
    text: paragraph(
      'Our free webinar on writing better LinkedIn posts is back on December 3 at 17:00 CET.',
      'Ana Lopez, who grew her audience from 800 to 40,000 followers in a year, walks through her drafts, her edits and the posts that flopped.',
      'Bring a post you are unsure about and we will rewrite it live.',
      'Register at https://events.example.com/linkedin-writing',
    ),
  },
  {
    id: 'mention-only-question',
    language: 'en',
    text: '@postflow_app is there a way to schedule the same post to two LinkedIn pages at once?',
  },
  {
    id: 'hiring',
    language: 'en',
    text: paragraph(
      'We are hiring a senior backend engineer in Lisbon or remote in Europe.',
      'You will work on the publishing engine that sends millions of posts a month, with PostgreSQL, TypeScript and a lot of care for edge cases.',
      'The salary range is €75,000 to €95,000, with 30 days of holiday.',
      'Apply at https://jobs.example.com/backend or send this to someone who should.',
    ),
  },
  {
    id: 'multi-links',
    language: 'en',
    text: paragraph(
      'Three reads from this week:',
      'why queues beat cron for retries (https://blog.example.com/queues),',
      'a clear guide to idempotency keys (https://docs.example.org/idempotency),',
      'and a funny post-mortem about a launch that sent 40,000 emails twice (https://example.net/postmortem).',
      'Which one should we discuss on Friday?',
    ),
  },
  {
    id: 'reserved-characters',
    language: 'en',
    text: 'Release 2.3 (beta) is live: [new] scheduling API, {faster} imports, <safer> uploads and *lots* of fixes_for_edge_cases. Docs: https://docs.example.com/api_v2 — feedback welcome!',
  },
  {
    id: 'wordy',
    language: 'en',
    text: paragraph(
      'In order to make it really very easy for each and every one of our customers to get started, we are basically rebuilding our onboarding from scratch.',
      'Due to the fact that most people sign up on their phone, the new flow is designed for mobile first.',
      'At this point in time we are able to share an early preview with a large number of beta testers.',
      'Do you want to join them?',
    ),
  },
  {
    id: 'story',
    language: 'en',
    text: [
      'Two years ago I almost shut the company down.',
      'We had 14 customers, 3 months of runway and a product nobody asked for. I sat in a café in Porto and wrote down everything our customers had complained about.',
      'The list was not about features. It was about trust: they wanted to know their posts would go out.',
      'So we stopped building features for six months and rebuilt the one thing they cared about.',
      'Today we have 2,300 customers. The lesson: listen to the complaints, not the feature requests.',
      'What is the best piece of feedback you ever ignored?',
    ].join('\n\n'),
  },
  {
    id: 'tips-numbered',
    language: 'en',
    text: '5 ways to write a better hook:\n1. Start with a number\n2. Ask a question your reader is already asking\n3. Say the surprising part first\n4. Cut the first sentence you wrote\n5. Read it out loud\n\nSave this for your next post.',
  },
  { id: 'all-caps-short', language: 'en', text: 'BIG NEWS: WE ARE LIVE IN CANADA TODAY!' },
  {
    id: 'event-recap',
    language: 'en',
    text: paragraph(
      'What a day at Web Summit in Lisbon!',
      'We met more than 300 founders, gave 42 demos and ran out of stickers by noon.',
      'Thank you @websummit for having us, and thanks to everyone who stopped by our booth.',
      'Slides from the talk are at https://example.com/websummit-slides',
    ),
  },
  {
    id: 'short-hashtag-inline',
    language: 'en',
    text: 'Our #RemoteWork guide is now free for everyone. Grab it before Friday!',
  },
  {
    id: 'japanese-short',
    language: 'ja',
    text: '東京で新しいカフェがオープンしました！週末はぜひ来てください。',
  },
  {
    id: 'japanese-long',
    language: 'ja',
    text: '今週、私たちは新しい予約投稿機能をリリースしました。一度書いた文章を、XとLinkedInそれぞれに合わせて自動で調整できます。ベータ版では120社の皆さまにご協力いただき、投稿の準備にかかる時間が平均で40%短くなりました。詳しくは https://postflow.example.com/ja をご覧ください。皆さんはどのSNSに一番時間を使っていますか？',
  },
  {
    id: 'chinese-short',
    language: 'zh',
    text: '我们的新版本今天上线了，欢迎大家试用并提出宝贵意见！',
  },
  {
    id: 'chinese-long',
    language: 'zh',
    text: '过去一年，我们一直在思考一个问题：为什么小团队在社交媒体上花的时间越来越多，效果却越来越差？我们采访了85位市场负责人，发现最大的浪费在于重复劳动：同一篇内容要为不同平台改写三四次。于是我们做了一个工具，只需写一次，就能自动适配每个平台。现在已有1200个团队在使用。完整报告请看 https://example.com/zh-report 。你们团队每周花多少时间在发帖上？',
  },
  {
    id: 'arabic-short',
    language: 'ar',
    text: 'أطلقنا اليوم النسخة العربية من تطبيقنا! جرّبوها وأخبرونا برأيكم.',
  },
  {
    id: 'arabic-long',
    language: 'ar',
    text: 'خلال العام الماضي عملنا مع أكثر من ٢٠٠ شركة صغيرة في القاهرة وعمّان ودبي لفهم كيف تنشر محتواها على الشبكات الاجتماعية. وجدنا أن معظم الفرق تقضي ساعات في نسخ النص نفسه وتعديله لكل منصة. لذلك بنينا أداة تكتب فيها مرة واحدة، ثم تُكيّف النص تلقائياً لكل شبكة. التقرير الكامل متاح على https://example.com/ar-report وسنشارك النتائج في ندوة مباشرة يوم الخميس. ما أكبر تحدٍّ تواجهه في النشر؟',
  },
  {
    id: 'russian-medium',
    language: 'ru',
    text: 'Мы запустили бесплатный курс по планированию публикаций для небольших команд. Восемь коротких уроков, примеры из практики и шаблоны. Записаться можно по ссылке https://example.com/ru-course — начинаем 1 декабря.',
  },
  {
    id: 'russian-long',
    language: 'ru',
    text: [
      'Полгода назад наша команда из пяти человек тратила на соцсети почти два дня в неделю.',
      'Мы писали один и тот же текст для каждой площадки, копировали ссылки, проверяли длину и забывали про хэштеги. Потом посчитали: 11 часов в неделю уходило только на переписывание.',
      'Сейчас мы пишем текст один раз, а инструмент подстраивает его под каждую сеть. Экономия — около 8 часов в неделю.',
      'Спасибо @anna_marketing за идею и терпение. А сколько времени на соцсети тратите вы?',
    ].join('\n\n'),
  },
  {
    id: 'hindi-medium',
    language: 'hi',
    text: 'हमने आज अपना नया शेड्यूलिंग फ़ीचर लॉन्च किया है। अब आप एक बार लिखकर हर नेटवर्क के लिए पोस्ट तैयार कर सकते हैं। पूरी जानकारी के लिए देखें https://example.com/hi',
  },
  {
    id: 'hindi-long',
    language: 'hi',
    text: 'पिछले साल हमने दिल्ली, मुंबई और बेंगलुरु की 150 छोटी कंपनियों से बात की। ज़्यादातर टीमें हर हफ़्ते कई घंटे एक ही पोस्ट को अलग-अलग प्लेटफ़ॉर्म के लिए दोबारा लिखने में लगाती थीं। इसलिए हमने ऐसा टूल बनाया जिसमें आप एक बार लिखते हैं और वह हर नेटवर्क के हिसाब से टेक्स्ट बदल देता है। शुरुआती उपयोगकर्ताओं ने हर हफ़्ते औसतन 6 घंटे बचाए। आप सोशल मीडिया पर हर हफ़्ते कितना समय देते हैं?',
  },
  {
    id: 'spanish',
    language: 'es',
    text: 'Hoy cumplimos 5 años. Empezamos en un garaje de Valencia con dos portátiles y una idea: que publicar en redes no debería robarte la tarde. Gracias a los 3.000 equipos que confían en nosotros. ¿Qué función os gustaría ver en el próximo año?',
  },
  {
    id: 'german',
    language: 'de',
    text: 'Unser neuer Leitfaden zeigt, wie kleine Teams ihre Beiträge für X und LinkedIn in 20 Minuten pro Woche planen. Mit Vorlagen, Checklisten und Beispielen aus 40 Agenturen. Kostenlos herunterladen: https://example.de/leitfaden',
  },
  {
    id: 'french-question',
    language: 'fr',
    text: 'Nous préparons notre feuille de route pour 2027. Parmi ces trois idées, laquelle vous ferait gagner le plus de temps : les fils automatiques, les statistiques par sujet ou la validation par un collègue ?',
  },
  {
    id: 'portuguese-list',
    language: 'pt',
    text: 'O que aprendemos com 1.000 publicações agendadas:\n- Terças de manhã funcionam melhor\n- Imagens com texto curto têm mais cliques\n- Perguntas no final geram mais comentários\n\nE vocês, o que aprenderam?',
  },
  {
    id: 'mixed-scripts',
    language: 'en',
    text: 'Our team now spans Tokyo (東京), Cairo (القاهرة) and Kyiv (Київ). 🌍 Saying good morning takes three languages and a lot of emoji. Where is your team spread?',
  },
  {
    id: 'emoji-only',
    language: 'und',
    text: '🚀🚀🚀 🎉',
  },
  {
    id: 'url-only',
    language: 'und',
    text: 'https://postflow.example.com/launch',
  },
  {
    id: 'linkedin-long',
    language: 'en',
    text: [
      'I interviewed 30 heads of marketing about how they plan social media. Here is what stood out.',
      'First, almost nobody plans more than two weeks ahead. The ones who do are not more organised; they simply batch their writing on one afternoon.',
      'Second, the best performers write for one network first and adapt later. Writing for all networks at once produces posts that fit none of them.',
      'Third, hashtags matter less than people think. The top accounts use two or three, chosen from the words their audience already searches for.',
      'Fourth, most teams measure likes. The ones who grow measure replies and profile visits, because those show intent.',
      'Fifth, approvals kill momentum. Teams with a single reviewer publish twice as often as teams with three.',
      'None of this needs a big budget. It needs a calendar, a habit and someone who reads the replies.',
      'I wrote the full notes, with quotes from each interview, at https://example.com/30-interviews',
      'Which of these do you disagree with?',
    ].join('\n\n'),
  },
  {
    id: 'cjk-no-punctuation-long',
    language: 'zh',
    text: '我们团队花了整整一年时间重新设计了发布引擎从数据库到队列再到重试机制每一个环节都经过了反复测试现在即使网络超时也不会出现重复发布的问题我们非常自豪地把这个成果分享给大家希望对同样在做社交媒体工具的团队有所帮助如果你有任何问题欢迎随时联系我们',
  },
  {
    id: 'korean',
    language: 'ko',
    text: '새로운 예약 게시 기능을 출시했습니다! 한 번 작성하면 X와 LinkedIn에 맞게 자동으로 조정됩니다. 자세한 내용은 https://example.com/ko 에서 확인하세요. 여러분은 어떤 기능이 가장 필요하신가요?',
  },
  {
    id: 'thanks-mentions-many',
    language: 'en',
    text: 'Shipping this would not have been possible without @ana_ux, @ben_codes, @chloe_pm, @dan_ops and @eva_writes. Five people, 9 months, 1 release. Proud of this team! 💜',
  },
];
