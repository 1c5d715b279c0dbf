/**
 * 셔틀로그 (badminton log): record tonight's doubles match → the rating chart moves → the partner who made it
 * happen → the season's statistics.
 */
import { BarChart, Donut, LineChart } from '../screens/charts';
import { AppFrame, Avatar, Icon, Progress, Toast, Typed, classes, countUp, type NavEntry } from '../screens/ui';
import { StoryBuilder, easeOut, segment, type Story } from '../timeline';
import { openFromSidebar, type ScreenState } from './navigation';

const theme = { '--accent': '#059669', '--accent-2': '#14b8a6', '--accent-soft': '#ecfdf5', '--accent-ink': '#047857' };

const nav: NavEntry[] = [
  { label: '경기 기록', icon: 'plusCircle' },
  { label: '점수 변화', icon: 'chart' },
  { label: '파트너·상대', icon: 'users' },
  { label: '통계', icon: 'pie' },
];

const SCREENS = [
  { title: '새 경기 기록', subtitle: '오늘 경기 결과를 남겨 주세요', url: 'shuttlelog.kr/matches/new' },
  { title: '점수 변화', subtitle: '최근 12경기 레이팅 흐름이에요', url: 'shuttlelog.kr/trend' },
  { title: '파트너·상대', subtitle: '함께 뛴 사람들과의 기록이에요', url: 'shuttlelog.kr/people' },
  { title: '통계 대시보드', subtitle: '2026 시즌 전체 기록이에요', url: 'shuttlelog.kr/stats' },
] as const;

interface State extends ScreenState {
  game3: [number, number];
  pressedPlus: boolean;
  memo: number;
  savePressed: boolean;
  toast: number;
  chart: number;
  partner: number | null;
  detail: number;
  stats: number;
}

const initial: State = {
  screen: 0,
  enter: 1,
  game3: [17, 16],
  pressedPlus: false,
  memo: 0,
  savePressed: false,
  toast: 0,
  chart: 0,
  partner: null,
  detail: 0,
  stats: 0,
};

const COLORS = {
  me: '#059669',
  minjun: '#0ea5e9',
  seoyeon: '#f43f5e',
  jiho: '#8b5cf6',
  yujin: '#f59e0b',
  sehun: '#6366f1',
  doyun: '#64748b',
  chaewon: '#ec4899',
};

function Player({ name, color, me = false }: { name: string; color: string; me?: boolean }) {
  return (
    <div className="row" style={{ gap: 8 }}>
      <Avatar name={name} color={color} size={30} />
      <span style={{ fontWeight: 650, fontSize: 14 }}>{name}</span>
      {me ? <span className="badge badge-accent">나</span> : null}
    </div>
  );
}

function ScoreRow({
  label,
  us,
  them,
  live,
  pressed,
}: {
  label: string;
  us: number;
  them: number;
  live?: boolean;
  pressed?: boolean;
}) {
  const done = us >= 21 || them >= 21;
  const won = us > them;
  return (
    <div
      className="row"
      style={{
        padding: '9px 12px',
        borderRadius: 11,
        background: live && !done ? 'var(--accent-soft)' : '#f9fafb',
        gap: 14,
      }}
    >
      <span style={{ width: 52, fontSize: 13, fontWeight: 650, color: '#6b7280' }}>{label}</span>
      <span
        style={{
          fontSize: 22,
          fontWeight: 800,
          width: 34,
          textAlign: 'right',
          color: won ? 'var(--accent-ink)' : '#111827',
        }}
      >
        {us}
      </span>
      <span style={{ color: '#9ca3af', fontWeight: 700 }}>:</span>
      <span style={{ fontSize: 22, fontWeight: 800, width: 34, color: !won && done ? '#b91c1c' : '#111827' }}>
        {them}
      </span>
      <span className="grow" />
      {live && !done ? (
        <span className={classes('btn', 'btn-primary', 'btn-sm', pressed && 'is-pressed')} data-cursor="plus">
          <Icon name="plus" size={14} stroke={2.6} /> 우리 팀 득점
        </span>
      ) : done ? (
        <span className={classes('badge', won ? 'badge-green' : 'badge-red')}>{won ? '승' : '패'}</span>
      ) : null}
    </div>
  );
}

function RecordScreen({ s }: { s: State }) {
  const [us, them] = s.game3;
  const finished = us >= 21;
  return (
    <div className="grid-2" style={{ gridTemplateColumns: '1.45fr 1fr', height: '100%' }}>
      <div className="card stack" style={{ gap: 14 }}>
        <div className="card-title">
          경기 정보 <span className="badge badge-gray">복식</span>
        </div>
        <div className="grid-2" style={{ gap: 10 }}>
          <div className="field">
            <span className="field-label">날짜</span>
            <div className="input">
              <Icon name="calendar" size={16} style={{ color: '#9ca3af' }} /> 11월 21일 (토) 19:30
            </div>
          </div>
          <div className="field">
            <span className="field-label">장소</span>
            <div className="input">
              <Icon name="pin" size={16} style={{ color: '#9ca3af' }} /> 올림픽공원 배드민턴장
            </div>
          </div>
        </div>
        <div
          className="row"
          style={{
            justifyContent: 'space-between',
            padding: '10px 14px',
            border: '1px solid #eceef2',
            borderRadius: 12,
          }}
        >
          <div className="stack" style={{ gap: 8 }}>
            <span className="field-label">우리 팀</span>
            <Player name="정하늘" color={COLORS.me} me />
            <Player name="김민준" color={COLORS.minjun} />
          </div>
          <span style={{ fontSize: 15, fontWeight: 800, color: '#9ca3af' }}>VS</span>
          <div className="stack" style={{ gap: 8 }}>
            <span className="field-label">상대 팀</span>
            <Player name="이서연" color={COLORS.seoyeon} />
            <Player name="박지호" color={COLORS.jiho} />
          </div>
        </div>
        <div className="stack" style={{ gap: 7 }}>
          <ScoreRow label="1게임" us={21} them={18} />
          <ScoreRow label="2게임" us={19} them={21} />
          <ScoreRow label="3게임" us={us} them={them} live pressed={s.pressedPlus} />
        </div>
      </div>
      <div className="stack">
        <div className="card" style={{ textAlign: 'center', padding: '20px 18px' }}>
          <div className="card-sub">경기 결과</div>
          <div
            style={{
              fontSize: 38,
              fontWeight: 820,
              letterSpacing: '-0.03em',
              margin: '4px 0 2px',
              color: finished ? 'var(--accent-ink)' : '#111827',
            }}
          >
            {finished ? 2 : 1} : 1
          </div>
          <span
            className={classes('badge', finished ? 'badge-green' : 'badge-gray')}
            style={{ fontSize: 13, height: 26, padding: '0 12px' }}
          >
            {finished ? '역전승! 레이팅 +18' : '3게임 진행 중'}
          </span>
        </div>
        <div className="card stack" style={{ gap: 8, flex: 1 }}>
          <span className="field-label">메모</span>
          <div
            className={classes('input', s.memo > 0 && s.memo < 1 && 'is-focus')}
            style={{ height: 'auto', minHeight: 78, alignItems: 'flex-start', padding: '10px 12px', lineHeight: 1.5 }}
          >
            {s.memo > 0 ? (
              <span>
                <Typed text="3게임 후반 드라이브 싸움에서 버틴 게 컸다. 민준이 전위 최고!" p={s.memo} />
              </span>
            ) : (
              <span className="placeholder">오늘 경기에서 기억할 점을 적어 보세요</span>
            )}
          </div>
          <div className="row" style={{ gap: 6, flexWrap: 'wrap' }}>
            <span className="badge badge-gray"># 정기전</span>
            <span className="badge badge-gray"># 역전승</span>
          </div>
          <div className="grid-2" style={{ gap: 8, marginTop: 'auto' }}>
            {[
              ['경기 시간', '52분'],
              ['최장 랠리', '38구'],
            ].map(([k, v]) => (
              <div key={k} style={{ background: '#f9fafb', borderRadius: 10, padding: '8px 12px' }}>
                <div className="kpi-label">{k}</div>
                <div style={{ fontSize: 17, fontWeight: 780 }}>{v}</div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

const RATING = [1420, 1436, 1428, 1451, 1447, 1462, 1480, 1471, 1492, 1505, 1520, 1538];
const RATING_LABELS = [
  '9/6',
  '9/13',
  '9/20',
  '9/27',
  '10/4',
  '10/11',
  '10/18',
  '10/25',
  '11/1',
  '11/8',
  '11/15',
  '11/21',
];

function TrendScreen({ s }: { s: State }) {
  const marker = (
    <g>
      <rect x="-186" y="-6" width="170" height="56" rx="10" fill="#111827" />
      <text x="-174" y="15" fontSize="12" fill="#d1d5db">
        11/21 · 이서연·박지호 전
      </text>
      <text x="-174" y="37" fontSize="15" fontWeight="750" fill="#fff">
        1,538점 ▲ 18
      </text>
    </g>
  );
  return (
    <div className="stack" style={{ height: '100%' }}>
      <div className="card" style={{ paddingBottom: 8 }}>
        <div className="card-title">
          <span>레이팅 추이</span>
          <span className="row" style={{ gap: 6 }}>
            <span className="badge badge-accent">최근 12경기</span>
            <span className="badge badge-gray">3개월</span>
          </span>
        </div>
        <div className="card-sub" style={{ marginTop: 2 }}>
          9월보다 118점 올랐어요
        </div>
        <LineChart
          values={RATING}
          labels={RATING_LABELS}
          width={672}
          height={250}
          p={s.chart}
          min={1400}
          max={1560}
          ticks={[1400, 1450, 1500, 1550]}
          gradientId="rating"
          marker={marker}
        />
      </div>
      <div className="grid-3">
        {[
          { label: '이번 달 레이팅', value: '+46', sub: '11월 4경기', up: true },
          { label: '최근 5경기', value: '4승 1패', sub: '승률 80%', up: true },
          { label: '평균 점수 차', value: '+3.2', sub: '게임당 득실', up: true },
        ].map((k, i) => (
          <div className="card" key={k.label} style={{ opacity: segment(s.chart, 0.3 + i * 0.2, 0.6 + i * 0.2) }}>
            <div className="kpi-label">{k.label}</div>
            <div className="kpi-value" style={{ fontSize: 23 }}>
              {k.value}
            </div>
            <div className="kpi-delta">{k.sub}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

const PARTNERS = [
  { name: '김민준', color: COLORS.minjun, games: 24, rate: 71, role: '전위 · 드라이브' },
  { name: '최유진', color: COLORS.yujin, games: 15, rate: 60, role: '후위 · 스매시' },
  { name: '오세훈', color: COLORS.sehun, games: 11, rate: 45, role: '올라운드' },
  { name: '강예린', color: COLORS.chaewon, games: 8, rate: 63, role: '혼합복식 · 전위' },
];
const RIVALS = [
  { names: '이서연 · 박지호', colors: [COLORS.seoyeon, COLORS.jiho], record: '5승 3패' },
  { names: '한도윤 · 윤채원', colors: [COLORS.doyun, COLORS.chaewon], record: '2승 4패' },
];

function PeopleScreen({ s }: { s: State }) {
  const d = easeOut(s.detail);
  return (
    <div className="grid-2" style={{ gridTemplateColumns: '1fr 1fr', height: '100%' }}>
      <div className="stack">
        <div className="card stack" style={{ gap: 6, padding: '14px 12px' }}>
          <div className="card-title" style={{ padding: '0 6px 4px' }}>
            자주 함께한 파트너
          </div>
          {PARTNERS.map((p, i) => (
            <div
              key={p.name}
              className="row"
              data-cursor={`partner-${i}`}
              style={{
                padding: '9px 8px',
                borderRadius: 11,
                background: s.partner === i ? 'var(--accent-soft)' : 'transparent',
                outline: s.partner === i ? '1.5px solid color-mix(in srgb, var(--accent) 45%, transparent)' : 'none',
              }}
            >
              <Avatar name={p.name} color={p.color} size={36} />
              <div className="grow">
                <div style={{ fontWeight: 700 }}>{p.name}</div>
                <div className="card-sub">
                  {p.role} · {p.games}경기
                </div>
              </div>
              <div style={{ width: 96 }}>
                <div style={{ fontSize: 12.5, fontWeight: 700, textAlign: 'right', marginBottom: 4 }}>
                  승률 {p.rate}%
                </div>
                <Progress value={p.rate} />
              </div>
            </div>
          ))}
        </div>
        <div className="card stack" style={{ gap: 8, padding: '14px 14px' }}>
          <div className="card-title">자주 만난 상대</div>
          {RIVALS.map((r) => (
            <div key={r.names} className="row">
              <span className="row" style={{ gap: 0 }}>
                <Avatar name={r.names} color={r.colors[0] ?? '#999'} size={28} />
                <span style={{ marginLeft: -8, border: '2px solid #fff', borderRadius: '50%' }}>
                  <Avatar name={r.names.split(' · ')[1] ?? ''} color={r.colors[1] ?? '#999'} size={28} />
                </span>
              </span>
              <span className="grow" style={{ fontWeight: 650 }}>
                {r.names}
              </span>
              <span className="badge badge-gray">상대 전적 {r.record}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="card" style={{ opacity: s.partner === null ? 1 : 1, position: 'relative', overflow: 'hidden' }}>
        {s.partner === null ? (
          <div style={{ height: '100%', display: 'grid', placeItems: 'center', color: '#9ca3af', textAlign: 'center' }}>
            <div>
              <Icon name="users" size={30} style={{ margin: '0 auto 8px' }} />
              파트너를 선택하면
              <br />
              함께한 기록을 보여 드려요
            </div>
          </div>
        ) : (
          <div
            className="stack"
            style={{ gap: 14, opacity: d, transform: `translateX(${((1 - d) * 18).toFixed(1)}px)` }}
          >
            <div className="row">
              <Avatar name="김민준" color={COLORS.minjun} size={46} />
              <div>
                <div style={{ fontSize: 17, fontWeight: 780 }}>김민준과 함께한 기록</div>
                <div className="card-sub">첫 경기 2026년 3월 · 같은 클럽 ‘잠실 스매시’</div>
              </div>
            </div>
            <div className="grid-3" style={{ gap: 8 }}>
              {[
                ['함께한 경기', '24'],
                ['승', '17'],
                ['패', '7'],
              ].map(([k, v]) => (
                <div key={k} style={{ background: '#f9fafb', borderRadius: 11, padding: '10px 12px' }}>
                  <div className="kpi-label">{k}</div>
                  <div style={{ fontSize: 22, fontWeight: 800 }}>{v}</div>
                </div>
              ))}
            </div>
            <div>
              <div className="field-label" style={{ marginBottom: 8 }}>
                최근 5경기
              </div>
              <div className="row" style={{ gap: 6 }}>
                {['승', '승', '패', '승', '승'].map((r, i) => (
                  <span
                    key={i}
                    className={classes('badge', r === '승' ? 'badge-green' : 'badge-red')}
                    style={{ width: 34, justifyContent: 'center', height: 28 }}
                  >
                    {r}
                  </span>
                ))}
              </div>
            </div>
            <div className="stack" style={{ gap: 0 }}>
              <div className="field-label" style={{ marginBottom: 4 }}>
                함께한 최근 경기
              </div>
              {[
                ['11/21', '이서연·박지호', '2 : 1 승'],
                ['11/15', '한도윤·윤채원', '2 : 0 승'],
                ['11/8', '최유진·오세훈', '1 : 2 패'],
              ].map(([date, vs, res]) => (
                <div
                  key={date}
                  className="row"
                  style={{ padding: '7px 0', borderBottom: '1px solid #f1f3f6', fontSize: 13 }}
                >
                  <span className="muted" style={{ width: 42 }}>
                    {date}
                  </span>
                  <span className="grow">vs {vs}</span>
                  <span style={{ fontWeight: 700, color: res?.endsWith('승') ? 'var(--accent-ink)' : '#b91c1c' }}>
                    {res}
                  </span>
                </div>
              ))}
            </div>
            <div
              style={{
                background: 'var(--accent-soft)',
                borderRadius: 12,
                padding: '12px 14px',
                color: 'var(--accent-ink)',
                fontWeight: 650,
                fontSize: 13.5,
              }}
            >
              <Icon name="sparkle" size={16} style={{ display: 'inline', verticalAlign: '-3px', marginRight: 6 }} />
              민준 님이 전위, 내가 후위일 때 승률이 82%로 가장 높아요
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function StatsScreen({ s }: { s: State }) {
  const p = easeOut(s.stats);
  return (
    <div className="stack" style={{ height: '100%' }}>
      <div className="grid-4">
        {[
          { label: '총 경기', value: countUp(48, p), unit: '경기', delta: '지난 시즌보다 +12' },
          { label: '승률', value: countUp(64.6, p, 1), unit: '%', delta: '31승 17패' },
          { label: '최장 연승', value: countUp(7, p), unit: '연승', delta: '10월 18일 ~ 11월 8일' },
          { label: '게임당 평균 득점', value: countUp(19.4, p, 1), unit: '점', delta: '리그 평균 17.8' },
        ].map((k) => (
          <div className="card" key={k.label} style={{ padding: '14px 16px' }}>
            <div className="kpi-label">{k.label}</div>
            <div className="kpi-value">
              {k.value}
              <small>{k.unit}</small>
            </div>
            <div className="kpi-delta">{k.delta}</div>
          </div>
        ))}
      </div>
      <div className="grid-2" style={{ gridTemplateColumns: '1.5fr 1fr', flex: 1 }}>
        <div className="card">
          <div className="card-title">
            월별 승률 <span className="badge badge-gray">%</span>
          </div>
          <BarChart
            groups={['6월', '7월', '8월', '9월', '10월', '11월'].map((label, i) => ({
              label,
              values: [[52, 58, 55, 61, 70, 75][i] ?? 0],
            }))}
            colors={['var(--accent)']}
            width={380}
            height={284}
            max={100}
            p={s.stats}
          />
        </div>
        <div className="card">
          <div className="card-title">종목별 경기</div>
          <div className="row" style={{ justifyContent: 'center', margin: '12px 0 14px' }}>
            <Donut
              size={140}
              p={p}
              parts={[
                { value: 30, color: 'var(--accent)' },
                { value: 12, color: '#5eead4' },
                { value: 6, color: '#d1d5db' },
              ]}
              center={
                <div>
                  <div style={{ fontSize: 22, fontWeight: 800 }}>{countUp(48, p)}</div>
                  <div className="card-sub">경기</div>
                </div>
              }
            />
          </div>
          <div className="stack" style={{ gap: 6, fontSize: 13 }}>
            {[
              ['복식', '30경기', 'var(--accent)'],
              ['혼합복식', '12경기', '#5eead4'],
              ['단식', '6경기', '#d1d5db'],
            ].map(([k, v, c]) => (
              <div key={k} className="row" style={{ gap: 8 }}>
                <span className="dot" style={{ background: c }} />
                <span className="grow">{k}</span>
                <span style={{ fontWeight: 700 }}>{v}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

function render(s: State) {
  const screen = SCREENS[s.screen] ?? SCREENS[0];
  const body = [RecordScreen, TrendScreen, PeopleScreen, StatsScreen][s.screen] ?? RecordScreen;
  const Body = body;
  return (
    <AppFrame
      brand={{ name: '셔틀로그', mark: <Icon name="trophy" size={17} stroke={2.4} /> }}
      url={screen.url}
      nav={nav}
      active={s.screen}
      title={screen.title}
      subtitle={screen.subtitle}
      user={{ name: '정하늘', sub: '잠실 스매시 · B조', color: COLORS.me }}
      enter={s.enter}
      actions={
        s.screen === 0 ? (
          <span className={classes('btn', 'btn-primary', s.savePressed && 'is-pressed')} data-cursor="save">
            <Icon name="check" size={16} stroke={2.6} /> 기록 저장
          </span>
        ) : (
          <span className="btn btn-soft">
            <Icon name="plus" size={16} stroke={2.6} /> 새 경기
          </span>
        )
      }
      overlay={<Toast show={s.toast}>경기 기록을 저장했어요 · 레이팅 1,538점</Toast>}
    >
      <Body s={s} />
    </AppFrame>
  );
}

export function badmintonLog(): Story {
  const b = new StoryBuilder(render, initial);
  b.poster().hold(700);
  b.move('plus', 450);
  for (const score of [18, 19, 20, 21]) {
    b.set({ pressedPlus: true })
      .click({ pressedPlus: false, game3: [score, 16] }, 130)
      .hold(170);
  }
  b.animate(700, (p) => ({ memo: p }));
  b.move('save', 450);
  b.set({ savePressed: true }).click({ savePressed: false });
  b.animate(200, (p) => ({ toast: p })).hold(800);
  b.set({ toast: 0 });
  openFromSidebar(b, 1, { chart: 0 });
  b.animate(1100, (p) => ({ chart: easeOut(p) })).hold(900);
  openFromSidebar(b, 2, { partner: null, detail: 0 });
  b.hold(150).move('partner-0', 500).click({ partner: 0 });
  b.animate(260, (p) => ({ detail: p })).hold(1300);
  openFromSidebar(b, 3, { stats: 0 });
  b.animate(1000, (p) => ({ stats: p })).hold(1500);
  return b.build('badminton-log', theme);
}
