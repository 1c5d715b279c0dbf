/**
 * 로드메이트 (US regional travel social network): switch the feed to Utah and like a post → find the place on the
 * map → ask to join a road trip → plan the days together in the shared itinerary's comments.
 */
import { AppFrame, Avatar, Icon, Toast, Typed, classes, type NavEntry } from '../screens/ui';
import { StoryBuilder, easeOut, segment, type Story } from '../timeline';
import { openFromSidebar, type ScreenState } from './navigation';

const theme = { '--accent': '#e11d48', '--accent-2': '#ec4899', '--accent-soft': '#fff1f2', '--accent-ink': '#be123c' };

const nav: NavEntry[] = [
  { label: '지역 피드', icon: 'home' },
  { label: '지도 탐색', icon: 'map' },
  { label: '동행 찾기', icon: 'users' },
  { label: '내 일정', icon: 'calendar' },
];

const SCREENS = [
  {
    title: '지역별 여행 피드',
    subtitle: '지역을 고르면 그곳의 최신 여행 이야기를 보여 드려요',
    url: 'roadmate.kr/feed',
  },
  { title: '지도로 장소 찾기', subtitle: '유타 남부 · 여행자들이 저장한 장소', url: 'roadmate.kr/map/utah' },
  {
    title: '여행 동행 찾기',
    subtitle: '같은 곳, 같은 날짜에 떠나는 사람들이에요',
    url: 'roadmate.kr/companions?region=utah',
  },
  {
    title: '유타 국립공원 로드트립',
    subtitle: '12월 20일 – 12월 24일 · 4명이 함께 만드는 일정',
    url: 'roadmate.kr/trips/utah-parks',
  },
] as const;

interface State extends ScreenState {
  region: 'california' | 'utah';
  liked: boolean;
  pins: number;
  place: number;
  applied: boolean;
  pressed: string | null;
  toast: number;
  comments: number;
  typing: number;
}

const initial: State = {
  screen: 0,
  enter: 1,
  region: 'california',
  liked: false,
  pins: 0,
  place: 0,
  applied: false,
  pressed: null,
  toast: 0,
  comments: 1,
  typing: 0,
};

type Landscape = 'coast' | 'city' | 'canyon' | 'arch' | 'desert' | 'mountain';

/** An illustrated landscape standing in for a travel photo. */
function Photo({ kind, height, radius = 12 }: { kind: Landscape; height: number; radius?: number }) {
  const skies: Record<Landscape, [string, string]> = {
    coast: ['#7dd3fc', '#fde68a'],
    city: ['#6366f1', '#f9a8d4'],
    canyon: ['#fdba74', '#fef3c7'],
    arch: ['#38bdf8', '#e0f2fe'],
    desert: ['#f472b6', '#fed7aa'],
    mountain: ['#93c5fd', '#eff6ff'],
  };
  const [top, bottom] = skies[kind];
  const id = `sky-${kind}-${height}`;
  return (
    <svg
      width="100%"
      height={height}
      viewBox="0 0 300 160"
      preserveAspectRatio="xMidYMid slice"
      style={{ borderRadius: radius }}
    >
      <defs>
        <linearGradient id={id} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <rect width="300" height="160" fill={`url(#${id})`} />
      {kind === 'coast' ? (
        <>
          <circle cx="222" cy="78" r="20" fill="#fef9c3" />
          <path d="M0 96 L70 60 L120 92 L150 80 L150 160 L0 160Z" fill="#166534" />
          <path d="M0 104 L60 78 L110 104 L110 160 L0 160Z" fill="#15803d" />
          <rect x="0" y="110" width="300" height="50" fill="#0ea5e9" />
          <path d="M0 118 Q40 114 80 118 T160 118 T240 118 T300 118" stroke="#e0f2fe" strokeWidth="2" fill="none" />
          <path d="M96 64 L100 110" stroke="#e0f2fe" strokeWidth="5" />
        </>
      ) : kind === 'city' ? (
        <>
          <circle cx="70" cy="60" r="16" fill="#fde68a" opacity=".9" />
          {[20, 48, 70, 100, 124, 150, 182, 206, 236, 262].map((x, i) => (
            <rect
              key={x}
              x={x}
              y={70 + ((i * 37) % 45)}
              width={22 + (i % 3) * 4}
              height="120"
              fill={i % 2 ? '#312e81' : '#3730a3'}
            />
          ))}
          <rect x="140" y="38" width="14" height="122" fill="#1e1b4b" />
          <rect x="0" y="140" width="300" height="20" fill="#1e1b4b" />
        </>
      ) : kind === 'canyon' ? (
        <>
          <path d="M0 70 L40 66 L60 80 L110 74 L150 90 L200 78 L250 86 L300 72 L300 160 L0 160Z" fill="#ea580c" />
          {[20, 45, 70, 95, 120, 150, 178, 205, 232, 260, 284].map((x, i) => (
            <path
              key={x}
              d={`M${x} 160 L${x + 6} ${96 + (i % 4) * 8} L${x + 12} 160Z`}
              fill={i % 2 ? '#c2410c' : '#f97316'}
            />
          ))}
          <path d="M0 130 L300 124 L300 160 L0 160Z" fill="#9a3412" />
        </>
      ) : kind === 'arch' ? (
        <>
          <path
            d="M60 160 L60 80 Q60 40 150 40 Q240 40 240 80 L240 160 L200 160 L200 92 Q200 70 150 70 Q100 70 100 92 L100 160Z"
            fill="#c2410c"
          />
          <path d="M0 140 L300 132 L300 160 L0 160Z" fill="#9a3412" />
          <circle cx="150" cy="120" r="3" fill="#1f2937" />
        </>
      ) : kind === 'desert' ? (
        <>
          <circle cx="150" cy="100" r="26" fill="#fef3c7" />
          <path
            d="M20 160 L30 80 L60 80 L66 160Z M200 160 L212 60 L250 60 L258 160Z M120 160 L126 110 L140 110 L146 160Z"
            fill="#9a3412"
          />
          <path d="M0 140 L300 136 L300 160 L0 160Z" fill="#7c2d12" />
        </>
      ) : (
        <>
          <path d="M0 120 L60 50 L100 90 L150 30 L210 100 L250 62 L300 110 L300 160 L0 160Z" fill="#64748b" />
          <path d="M150 30 L170 54 L160 52 L150 60 L140 50 L132 52Z" fill="#f8fafc" />
          <path d="M0 130 Q150 110 300 130 L300 160 L0 160Z" fill="#16a34a" />
        </>
      )}
    </svg>
  );
}

const FEEDS = {
  california: [
    {
      who: '김다은',
      color: '#f59e0b',
      when: '2시간 전',
      place: '빅서 · 캘리포니아',
      photo: 'coast' as Landscape,
      text: '1번 국도 타고 맥웨이 폭포까지! 오후 4시쯤 빛이 제일 예뻤어요.',
      tags: ['빅서', '드라이브'],
      likes: 128,
      comments: 14,
    },
    {
      who: '박준서',
      color: '#6366f1',
      when: '5시간 전',
      place: '샌프란시스코 · 캘리포니아',
      photo: 'city' as Landscape,
      text: '트윈 픽스 야경 보러 가실 분은 바람막이 꼭 챙기세요.',
      tags: ['야경', '샌프란'],
      likes: 96,
      comments: 8,
    },
  ],
  utah: [
    {
      who: '이하린',
      color: '#0ea5e9',
      when: '1시간 전',
      place: '브라이스 캐니언 · 유타',
      photo: 'canyon' as Landscape,
      text: '선라이즈 포인트 일출은 정말 인생 풍경이에요. 영하 8도라 방한 필수!',
      tags: ['일출', '국립공원'],
      likes: 241,
      comments: 32,
    },
    {
      who: '최민호',
      color: '#10b981',
      when: '3시간 전',
      place: '아치스 국립공원 · 유타',
      photo: 'arch' as Landscape,
      text: '델리케이트 아치 왕복 2시간. 해 질 녘에 올라가면 붉게 물들어요.',
      tags: ['트레킹', '일몰'],
      likes: 187,
      comments: 21,
    },
  ],
};

const REGIONS = [
  { key: 'california', label: '캘리포니아' },
  { key: 'utah', label: '유타' },
  { key: 'newyork', label: '뉴욕' },
  { key: 'hawaii', label: '하와이' },
  { key: 'arizona', label: '애리조나' },
];

function FeedScreen({ s }: { s: State }) {
  const posts = FEEDS[s.region];
  return (
    <div className="stack" style={{ height: '100%', gap: 12 }}>
      <div className="row" style={{ gap: 6 }}>
        {REGIONS.map((r) => (
          <span
            key={r.key}
            className={classes(
              'btn',
              'btn-sm',
              r.key === s.region && 'btn-primary',
              s.pressed === `region-${r.key}` && 'is-pressed',
            )}
            data-cursor={`region-${r.key}`}
            style={{ borderRadius: 999 }}
          >
            {r.label}
          </span>
        ))}
      </div>
      <div className="grid-2" style={{ gridTemplateColumns: '1fr 1fr 180px', gap: 12, flex: 1, minHeight: 0 }}>
        {posts.map((post, i) => {
          const liked = s.liked && i === 0 && s.region === 'utah';
          return (
            <div
              key={post.who}
              className="card"
              style={{ padding: 10, display: 'flex', flexDirection: 'column', gap: 8 }}
            >
              <Photo kind={post.photo} height={196} />
              <div className="row" style={{ gap: 8 }}>
                <Avatar name={post.who} color={post.color} size={28} />
                <div className="grow">
                  <div style={{ fontWeight: 700, fontSize: 13.5 }}>{post.who}</div>
                  <div className="card-sub" style={{ fontSize: 12 }}>
                    {post.when}
                  </div>
                </div>
              </div>
              <div className="row" style={{ gap: 4, color: 'var(--accent-ink)', fontSize: 12.5, fontWeight: 650 }}>
                <Icon name="pin" size={14} /> {post.place}
              </div>
              <div style={{ fontSize: 13.5, lineHeight: 1.5 }}>{post.text}</div>
              <div className="row" style={{ gap: 5 }}>
                {post.tags.map((tag) => (
                  <span key={tag} style={{ fontSize: 12.5, color: '#2563eb', fontWeight: 600 }}>
                    #{tag}
                  </span>
                ))}
              </div>
              <div className="row" style={{ gap: 14, marginTop: 'auto', fontSize: 13, color: '#6b7280' }}>
                <span
                  className="row"
                  style={{ gap: 5, color: liked ? 'var(--accent)' : undefined, fontWeight: liked ? 700 : 500 }}
                  data-cursor={`like-${i}`}
                >
                  <svg
                    width="17"
                    height="17"
                    viewBox="0 0 24 24"
                    fill={liked ? 'currentColor' : 'none'}
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinejoin="round"
                  >
                    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21.2l7.8-7.7 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
                  </svg>
                  {post.likes + (liked ? 1 : 0)}
                </span>
                <span className="row" style={{ gap: 5 }}>
                  <Icon name="message" size={16} /> {post.comments}
                </span>
                <span className="grow" />
                <Icon name="send" size={16} />
              </div>
            </div>
          );
        })}
        <div className="card stack" style={{ gap: 10, padding: '14px 14px' }}>
          <div className="card-title" style={{ fontSize: 13.5 }}>
            이번 주 인기 지역
          </div>
          {['유타', '하와이', '뉴욕', '캘리포니아', '애리조나'].map((r, i) => (
            <div key={r} className="row" style={{ gap: 8, fontSize: 13 }}>
              <b style={{ width: 14, color: i < 3 ? 'var(--accent)' : '#9ca3af' }}>{i + 1}</b>
              <span className="grow" style={{ fontWeight: 620 }}>
                {r}
              </span>
              <span className="card-sub" style={{ fontSize: 11.5 }}>
                {['▲3', '▲1', '−', '▼2', '▲1'][i]}
              </span>
            </div>
          ))}
          <div
            style={{
              marginTop: 'auto',
              background: 'var(--accent-soft)',
              borderRadius: 10,
              padding: '10px 10px',
              fontSize: 12.5,
              color: 'var(--accent-ink)',
              fontWeight: 620,
            }}
          >
            유타로 떠나는 동행 글이 12개 있어요
          </div>
        </div>
      </div>
    </div>
  );
}

const PLACES = [
  { name: '자이언 국립공원', x: 150, y: 300, rating: '4.8', saved: '2,140' },
  { name: '브라이스 캐니언', x: 250, y: 220, rating: '4.9', saved: '1,284' },
  { name: '캐피톨 리프', x: 360, y: 150, rating: '4.7', saved: '612' },
  { name: '아치스 국립공원', x: 470, y: 90, rating: '4.9', saved: '1,876' },
  { name: '모뉴먼트 밸리', x: 320, y: 385, rating: '4.8', saved: '1,502' },
];

function MapScreen({ s }: { s: State }) {
  const card = easeOut(s.place);
  return (
    <div
      className="card"
      style={{ padding: 0, overflow: 'hidden', height: '100%', position: 'relative', background: '#f3efe6' }}
    >
      <svg width="712" height="460" viewBox="0 0 712 460" style={{ position: 'absolute', inset: 0 }}>
        <path d="M0 0 H712 V460 H0Z" fill="#f3ede1" />
        <path d="M80 0 C140 90 60 200 160 260 S 300 420 260 460 H0 V0Z" fill="#efe3cc" />
        <path d="M520 0 C470 120 560 220 520 330 S 600 460 640 460 H712 V0Z" fill="#e9f0df" />
        <path d="M300 460 C340 380 420 360 470 280 S 610 180 712 170" stroke="#93c5fd" strokeWidth="6" fill="none" />
        <path
          d="M0 380 L150 300 L250 220 L360 150 L470 90 L560 40 L712 10"
          stroke="#fff"
          strokeWidth="9"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M0 380 L150 300 L250 220 L360 150 L470 90 L560 40 L712 10"
          stroke="#fbbf24"
          strokeWidth="3"
          fill="none"
          strokeDasharray="10 8"
        />
        <path d="M250 220 L320 385 L350 460" stroke="#fff" strokeWidth="7" fill="none" strokeLinecap="round" />
        <circle cx="120" cy="120" r="48" fill="#d9f99d" opacity=".55" />
        <circle cx="600" cy="320" r="60" fill="#d9f99d" opacity=".45" />
        <text x="36" y="440" fontSize="12" fill="#a8a29e" fontWeight="600">
          라스베이거스 방면 →
        </text>
        <text x="596" y="28" fontSize="12" fill="#a8a29e" fontWeight="600">
          덴버 방면
        </text>
      </svg>
      {PLACES.map((pl, i) => {
        const pop = easeOut(segment(s.pins, i * 0.12, i * 0.12 + 0.5));
        const active = s.place > 0 && i === 1;
        return (
          <div
            key={pl.name}
            data-cursor={`pin-${i}`}
            style={{
              position: 'absolute',
              left: pl.x - 15,
              top: pl.y - 38,
              width: 30,
              height: 38,
              transform: `scale(${pop.toFixed(3)})`,
              transformOrigin: '50% 100%',
            }}
          >
            <svg width="30" height="38" viewBox="0 0 30 38">
              <path
                d="M15 37 C15 37 2 23 2 14 A13 13 0 0 1 28 14 C28 23 15 37 15 37Z"
                fill={active ? '#111827' : 'var(--accent)'}
                stroke="#fff"
                strokeWidth="2"
              />
              <circle cx="15" cy="14" r="5" fill="#fff" />
            </svg>
            <span
              style={{
                position: 'absolute',
                left: 34,
                top: 6,
                whiteSpace: 'nowrap',
                fontSize: 12.5,
                fontWeight: 700,
                background: 'rgba(255,255,255,.92)',
                padding: '2px 7px',
                borderRadius: 6,
                boxShadow: '0 1px 2px rgba(0,0,0,.08)',
                opacity: pop,
              }}
            >
              {pl.name}
            </span>
          </div>
        );
      })}
      <div className="row" style={{ position: 'absolute', left: 14, top: 14, gap: 6 }}>
        {['국립공원', '전망대', '캠핑장', '맛집'].map((t, i) => (
          <span
            key={t}
            className={classes('badge', i === 0 ? 'badge-accent' : 'badge-gray')}
            style={{
              height: 28,
              padding: '0 11px',
              background: i === 0 ? undefined : '#fff',
              boxShadow: '0 1px 2px rgba(0,0,0,.08)',
            }}
          >
            {t}
          </span>
        ))}
      </div>
      {s.place > 0 ? (
        <div
          className="card"
          style={{
            position: 'absolute',
            right: 16,
            bottom: 16,
            width: 250,
            padding: 10,
            opacity: card,
            transform: `translateY(${((1 - card) * 12).toFixed(1)}px)`,
            boxShadow: '0 12px 30px rgba(17,24,39,.16)',
          }}
        >
          <Photo kind="canyon" height={110} radius={9} />
          <div style={{ padding: '8px 4px 2px' }}>
            <div className="row" style={{ justifyContent: 'space-between' }}>
              <b style={{ fontSize: 15.5 }}>브라이스 캐니언</b>
              <span className="row" style={{ gap: 3, fontWeight: 700, fontSize: 13 }}>
                <Icon name="star" size={14} style={{ color: '#f59e0b', fill: '#f59e0b' }} /> 4.9
              </span>
            </div>
            <div className="card-sub">국립공원 · 자이언에서 차로 1시간 50분</div>
            <div style={{ fontSize: 13, margin: '8px 0 10px', lineHeight: 1.5 }}>
              여행자 1,284명이 저장했어요. 일출은 선라이즈 포인트, 트레킹은 나바호 루프를 추천해요.
            </div>
            <div className="row" style={{ gap: 6 }}>
              <span className="btn btn-primary btn-sm grow">
                <Icon name="plus" size={14} stroke={2.6} /> 일정에 추가
              </span>
              <span className="btn btn-sm">동행 12</span>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}

const TRIPS = [
  {
    host: '이하린',
    color: '#0ea5e9',
    title: '유타 국립공원 로드트립',
    dates: '12/20 – 12/24',
    people: '2 / 4명',
    tags: ['렌터카 있음', '20–30대', '사진 좋아요'],
    from: '라스베이거스 출발 · 자이언 → 아치스',
  },
  {
    host: '정우성',
    color: '#8b5cf6',
    title: '모뉴먼트 밸리 일출 캠핑',
    dates: '12/27 – 12/29',
    people: '3 / 5명',
    tags: ['캠핑 장비 공유', '운전 교대'],
    from: '피닉스 출발 · 2박 3일',
  },
  {
    host: '오지민',
    color: '#f59e0b',
    title: '솔트레이크 스키와 온천',
    dates: '1/9 – 1/12',
    people: '1 / 3명',
    tags: ['스키 중급', '숙소 쉐어'],
    from: '솔트레이크시티 집합 · 3박 4일',
  },
];

function CompanionScreen({ s }: { s: State }) {
  return (
    <div className="grid-2" style={{ gridTemplateColumns: '1fr 176px', height: '100%' }}>
      <div className="stack" style={{ gap: 10 }}>
        {TRIPS.map((t, i) => (
          <div
            key={t.title}
            className="card row"
            style={{
              gap: 14,
              padding: '11px 12px',
              outline: i === 0 && s.applied ? '1.5px solid color-mix(in srgb, var(--accent) 45%, transparent)' : 'none',
            }}
          >
            <div style={{ width: 112, flex: 'none' }}>
              <Photo kind={(['canyon', 'desert', 'mountain'] as const)[i] ?? 'canyon'} height={104} radius={10} />
            </div>
            <div className="grow stack" style={{ gap: 5 }}>
              <div className="row" style={{ gap: 8 }}>
                <b style={{ fontSize: 14.5 }}>{t.title}</b>
                <span className="badge badge-accent">{t.people}</span>
              </div>
              <div className="row" style={{ gap: 6, fontSize: 12.5, color: '#4b5563' }}>
                <Avatar name={t.host} color={t.color} size={20} /> 호스트 {t.host} · {t.dates}
              </div>
              <div className="card-sub">{t.from}</div>
              <div className="row" style={{ gap: 5 }}>
                {t.tags.map((tag) => (
                  <span key={tag} className="badge badge-gray">
                    {tag}
                  </span>
                ))}
              </div>
            </div>
            {i === 0 ? (
              <span
                className={classes('btn', s.applied ? 'is-done' : 'btn-primary', s.pressed === 'apply' && 'is-pressed')}
                data-cursor="apply"
                style={{ width: 100 }}
              >
                {s.applied ? (
                  <>
                    <Icon name="check" size={15} stroke={2.6} /> 신청 완료
                  </>
                ) : (
                  '동행 신청'
                )}
              </span>
            ) : (
              <span className="btn" style={{ width: 100 }}>
                동행 신청
              </span>
            )}
          </div>
        ))}
      </div>
      <div className="card stack" style={{ gap: 12 }}>
        <div className="card-title">조건</div>
        {[
          ['지역', '유타 · 애리조나'],
          ['날짜', '12월 ~ 1월'],
          ['인원', '2–5명'],
          ['이동', '렌터카'],
        ].map(([k, v]) => (
          <div key={k}>
            <div className="field-label">{k}</div>
            <div style={{ fontWeight: 650, marginTop: 2 }}>{v}</div>
          </div>
        ))}
        <div style={{ marginTop: 'auto', fontSize: 12.5, color: '#6b7280', lineHeight: 1.5 }}>
          프로필 인증을 마친 여행자만 동행 글을 올릴 수 있어요.
        </div>
      </div>
    </div>
  );
}

const DAYS = [
  {
    day: '1일차',
    date: '12/20 (일)',
    title: '라스베이거스 → 자이언 국립공원',
    note: '엔젤스 랜딩 트레킹 · 스프링데일 숙박',
  },
  { day: '2일차', date: '12/21 (월)', title: '브라이스 캐니언', note: '선라이즈 포인트 일출 · 나바호 루프' },
  { day: '3일차', date: '12/22 (화)', title: '캐피톨 리프 → 모압', note: '12번 시닉 바이웨이 드라이브' },
  { day: '4일차', date: '12/23 (수)', title: '아치스 국립공원', note: '델리케이트 아치 일몰' },
];

const COMMENTS = [
  { who: '이하린', color: '#0ea5e9', text: '2일차 일출은 6시 50분이에요. 5시 반에 숙소에서 출발해요!' },
  { who: '최민호', color: '#10b981', text: '모압에서 하루 더 묵으면 캐니언랜즈도 갈 수 있어요.' },
  { who: '김다은', color: '#f59e0b', text: '좋아요! 렌터카 보험은 제가 알아볼게요.' },
];

function ItineraryScreen({ s }: { s: State }) {
  return (
    <div className="grid-2" style={{ gridTemplateColumns: '1.1fr 1fr', height: '100%' }}>
      <div className="card" style={{ padding: '14px 16px' }}>
        <div className="card-title" style={{ marginBottom: 10 }}>
          일정
          <span className="row" style={{ gap: 0 }}>
            {[
              ['이하린', '#0ea5e9'],
              ['최민호', '#10b981'],
              ['김다은', '#f59e0b'],
              ['문서윤', '#e11d48'],
            ].map(([n, c], i) => (
              <span key={n} style={{ marginLeft: i ? -7 : 0, border: '2px solid #fff', borderRadius: '50%' }}>
                <Avatar name={n ?? ''} color={c ?? '#999'} size={26} />
              </span>
            ))}
          </span>
        </div>
        {DAYS.map((d, i) => (
          <div key={d.day} className="row" style={{ alignItems: 'stretch', gap: 12 }}>
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: 14 }}>
              <span
                style={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  background: i === 1 ? 'var(--accent)' : '#fff',
                  border: '2.5px solid var(--accent)',
                  marginTop: 4,
                }}
              />
              {i < DAYS.length - 1 ? <span style={{ flex: 1, width: 2, background: '#fecdd3' }} /> : null}
            </div>
            <div style={{ paddingBottom: 12 }}>
              <div className="row" style={{ gap: 6 }}>
                <span className="badge badge-accent">{d.day}</span>
                <span className="card-sub">{d.date}</span>
              </div>
              <div style={{ fontWeight: 700, marginTop: 4 }}>{d.title}</div>
              <div className="card-sub">{d.note}</div>
            </div>
          </div>
        ))}
        <div className="grid-2" style={{ gap: 8, marginTop: 4 }}>
          {[
            ['총 이동 거리', '1,120km'],
            ['1인 예상 경비', '$640'],
          ].map(([k, v]) => (
            <div key={k} style={{ background: '#f9fafb', borderRadius: 10, padding: '8px 12px' }}>
              <div className="kpi-label">{k}</div>
              <div style={{ fontSize: 17, fontWeight: 780 }}>{v}</div>
            </div>
          ))}
        </div>
      </div>
      <div className="card stack" style={{ gap: 10 }}>
        <div className="card-title">
          댓글 <span className="card-sub">{s.comments + (s.typing >= 1 ? 1 : 0)}개</span>
        </div>
        {COMMENTS.slice(0, s.comments).map((c) => (
          <div key={c.who} className="row" style={{ alignItems: 'flex-start', gap: 10 }}>
            <Avatar name={c.who} color={c.color} size={30} />
            <div
              style={{
                background: '#f6f7f9',
                borderRadius: '4px 12px 12px 12px',
                padding: '8px 11px',
                fontSize: 13,
                lineHeight: 1.5,
              }}
            >
              <b style={{ fontSize: 12.5 }}>{c.who}</b>
              <div>{c.text}</div>
            </div>
          </div>
        ))}
        {s.typing >= 1 ? (
          <div className="row" style={{ alignItems: 'flex-start', gap: 10, flexDirection: 'row-reverse' }}>
            <Avatar name="문서윤" color="#e11d48" size={30} />
            <div
              style={{
                background: 'var(--accent-soft)',
                color: '#881337',
                borderRadius: '12px 4px 12px 12px',
                padding: '8px 11px',
                fontSize: 13,
                lineHeight: 1.5,
              }}
            >
              <b style={{ fontSize: 12.5 }}>나</b>
              <div>모압 1박 추가 찬성이에요. 숙소는 제가 예약할게요!</div>
            </div>
          </div>
        ) : null}
        <div className={classes('input', s.typing > 0 && s.typing < 1 && 'is-focus')} style={{ marginTop: 'auto' }}>
          {s.typing > 0 && s.typing < 1 ? (
            <span className="grow">
              <Typed text="모압 1박 추가 찬성이에요. 숙소는 제가 예약할게요!" p={s.typing} />
            </span>
          ) : (
            <span className="grow placeholder">댓글을 남겨 보세요</span>
          )}
          <Icon name="send" size={16} style={{ color: 'var(--accent)' }} />
        </div>
      </div>
    </div>
  );
}

function render(s: State) {
  const screen = SCREENS[s.screen] ?? SCREENS[0];
  const Body = [FeedScreen, MapScreen, CompanionScreen, ItineraryScreen][s.screen] ?? FeedScreen;
  return (
    <AppFrame
      brand={{ name: '로드메이트', mark: <Icon name="pin" size={17} stroke={2.4} /> }}
      url={screen.url}
      nav={nav}
      active={s.screen}
      title={screen.title}
      subtitle={screen.subtitle}
      user={{ name: '문서윤', sub: 'LA 거주 · 여행 12회', color: '#e11d48' }}
      enter={s.enter}
      actions={
        s.screen === 3 ? (
          <span className="btn">
            <Icon name="send" size={15} /> 일정 공유
          </span>
        ) : (
          <span className="btn btn-primary">
            <Icon name="plus" size={15} stroke={2.6} /> 글쓰기
          </span>
        )
      }
      overlay={<Toast show={s.toast}>동행 신청을 보냈어요. 수락되면 알려 드릴게요</Toast>}
    >
      <Body s={s} />
    </AppFrame>
  );
}

export function travelSocial(): Story {
  const b = new StoryBuilder(render, initial);
  b.poster().hold(800);
  b.move('region-utah', 450).set({ pressed: 'region-utah' }).click({ pressed: null, region: 'utah' });
  b.animate(170, (p) => ({ enter: p })).hold(300);
  b.move('like-0', 450).click({ liked: true }).hold(700);
  openFromSidebar(b, 1, { pins: 0, place: 0 });
  b.animate(600, (p) => ({ pins: p }));
  b.move('pin-1', 450).click({ place: 0.01 });
  b.animate(250, (p) => ({ place: p })).hold(1100);
  openFromSidebar(b, 2, { applied: false });
  b.hold(200).move('apply', 450).set({ pressed: 'apply' }).click({ pressed: null, applied: true });
  b.animate(200, (p) => ({ toast: p })).hold(1000);
  b.set({ toast: 0 });
  openFromSidebar(b, 3, { comments: 1, typing: 0 });
  b.hold(300).hold(450, { comments: 2 }).hold(450, { comments: 3 });
  b.animate(800, (p) => ({ typing: Math.min(0.999, p) })).hold(1300, { typing: 1 });
  return b.build('travel-social', theme);
}
