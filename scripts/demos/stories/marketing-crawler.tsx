/**
 * 트렌드레이더 (marketing data crawler): add a keyword and a channel → the scheduler collects on its own → compare
 * the brand with competitors → export the week's report as CSV.
 */
import { BarChart } from '../screens/charts';
import { AppFrame, Icon, Progress, Toast, Typed, classes, countUp, type NavEntry } from '../screens/ui';
import { StoryBuilder, easeOut, segment, type Story } from '../timeline';
import { openFromSidebar, showScreen, type ScreenState } from './navigation';

const theme = { '--accent': '#ea580c', '--accent-2': '#f59e0b', '--accent-soft': '#fff7ed', '--accent-ink': '#c2410c' };

const nav: NavEntry[] = [
  { label: '수집 설정', icon: 'sliders' },
  { label: '스케줄러', icon: 'clock' },
  { label: '경쟁사 비교', icon: 'trend' },
  { label: '리포트', icon: 'file' },
];

const SCREENS = [
  {
    title: '키워드·채널 수집 설정',
    subtitle: '어떤 데이터를 모을지 정해 주세요',
    url: 'trendradar.kr/collect/settings',
  },
  { title: '자동 수집 스케줄러', subtitle: '정해 둔 시간마다 알아서 모아요', url: 'trendradar.kr/collect/schedule' },
  {
    title: '경쟁사 지표 비교',
    subtitle: '11월 3주차 · 우리 브랜드와 경쟁사 3곳',
    url: 'trendradar.kr/insights/competitors',
  },
  { title: '주간 리포트', subtitle: '11월 15일 – 11월 21일 수집 데이터', url: 'trendradar.kr/reports/2026-w47' },
] as const;

interface State extends ScreenState {
  typing: number;
  chip: boolean;
  youtube: boolean;
  pressed: string | null;
  run: number;
  compare: number;
  exporting: number;
  toast: number;
}

const initial: State = {
  screen: 0,
  enter: 1,
  typing: 0,
  chip: false,
  youtube: false,
  pressed: null,
  run: 0,
  compare: 0,
  exporting: 0,
  toast: 0,
};

const CHANNELS = [
  { name: '네이버 블로그', color: '#03c75a', daily: 4200 },
  { name: '인스타그램', color: '#e1306c', daily: 6100 },
  { name: '유튜브', color: '#ff0000', daily: 1800 },
  { name: '쿠팡 리뷰', color: '#ea580c', daily: 3100 },
  { name: '네이버 쇼핑', color: '#16a34a', daily: 0 },
] as const;

function ChannelMark({ name, color }: { name: string; color: string }) {
  return (
    <span
      style={{
        width: 30,
        height: 30,
        borderRadius: 9,
        background: color,
        color: '#fff',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 800,
        fontSize: 13,
        flex: 'none',
      }}
    >
      {name.slice(0, 1)}
    </span>
  );
}

function SettingsScreen({ s }: { s: State }) {
  const on = (i: number) => (i === 2 ? s.youtube : i !== 4);
  const daily = CHANNELS.reduce((sum, c, i) => sum + (on(i) ? c.daily : 0), 0) + (s.chip ? 1300 : 0);
  return (
    <div className="grid-2" style={{ gridTemplateColumns: '1.55fr 1fr', height: '100%' }}>
      <div className="stack">
        <div className="card stack" style={{ gap: 10 }}>
          <div className="card-title">
            수집 키워드 <span className="card-sub">{s.chip ? 3 : 2} / 10</span>
          </div>
          <div
            className={classes('input', !s.chip && 'is-focus')}
            style={{ height: 'auto', minHeight: 44, flexWrap: 'wrap', padding: '6px 8px', gap: 6 }}
          >
            {['비건 화장품', '클린 뷰티', ...(s.chip ? ['저자극 선크림'] : [])].map((k) => (
              <span key={k} className="badge badge-accent" style={{ height: 28, fontSize: 13, padding: '0 10px' }}>
                # {k} <span style={{ opacity: 0.6, marginLeft: 2 }}>×</span>
              </span>
            ))}
            {s.chip ? (
              <span className="placeholder" style={{ color: '#9ca3af' }}>
                키워드 추가
              </span>
            ) : (
              <span style={{ padding: '0 4px' }}>
                <Typed text="저자극 선크림" p={s.typing} caret />
              </span>
            )}
          </div>
          <div className="card-sub">연관 검색어 추천: 무기자극 선크림 · 비건 인증 · 민감성 피부</div>
        </div>
        <div className="card" style={{ padding: '12px 12px 6px' }}>
          <div className="card-title" style={{ padding: '0 6px 6px' }}>
            수집 채널
          </div>
          {CHANNELS.map((c, i) => (
            <div key={c.name} className="row" style={{ padding: '8px 6px', borderTop: '1px solid #f1f3f6' }}>
              <ChannelMark name={c.name} color={c.color} />
              <span className="grow" style={{ fontWeight: 650 }}>
                {c.name}
              </span>
              <span className="card-sub" style={{ width: 110, textAlign: 'right' }}>
                {c.daily > 0 ? `하루 약 ${c.daily.toLocaleString('ko-KR')}건` : '준비 중'}
              </span>
              <span className={classes('toggle', on(i) && 'is-on')} data-cursor={`channel-${i}`} />
            </div>
          ))}
        </div>
      </div>
      <div className="stack">
        <div className="card">
          <div className="kpi-label">예상 수집량</div>
          <div className="kpi-value">
            {daily.toLocaleString('ko-KR')}
            <small>건 / 일</small>
          </div>
          <div className="kpi-delta" style={{ color: s.youtube ? '#059669' : '#6b7280' }}>
            {s.youtube ? '유튜브 댓글 포함' : '채널 3곳 기준'}
          </div>
        </div>
        <div className="card stack" style={{ gap: 8 }}>
          <div className="card-title">경쟁사 채널</div>
          {[
            ['퓨어랩', '@purelab.official'],
            ['베지톡스', '@vegitox_kr'],
            ['온그린', '@ongreen.beauty'],
          ].map(([n, h]) => (
            <div key={n} className="row" style={{ gap: 8 }}>
              <span className="dot" style={{ background: '#d1d5db' }} />
              <b className="grow" style={{ fontWeight: 650 }}>
                {n}
              </b>
              <span className="card-sub">{h}</span>
            </div>
          ))}
        </div>
        <div className="card stack" style={{ gap: 6, flex: 1 }}>
          <div className="card-title">수집 항목</div>
          <div className="row" style={{ gap: 6, flexWrap: 'wrap' }}>
            {['게시물', '댓글', '좋아요·조회수', '해시태그', '리뷰 별점', '감성 분석'].map((t) => (
              <span key={t} className="badge badge-gray">
                {t}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

const JOBS = [
  { name: '네이버 블로그', color: '#03c75a', total: 4218, start: 0, span: 0.45 },
  { name: '인스타그램', color: '#e1306c', total: 5904, start: 0.1, span: 0.8 },
  { name: '유튜브', color: '#ff0000', total: 1632, start: 0.2, span: 0.55 },
  { name: '쿠팡 리뷰', color: '#ea580c', total: 2971, start: 0.3, span: 0.6 },
];

function ScheduleScreen({ s }: { s: State }) {
  const progress = JOBS.map((j) => easeOut(segment(s.run, j.start, j.start + j.span)));
  const collected = JOBS.reduce((sum, j, i) => sum + Math.round(j.total * (progress[i] ?? 0)), 0);
  return (
    <div className="stack" style={{ height: '100%' }}>
      <div className="grid-3">
        <div className="card" style={{ padding: '12px 16px' }}>
          <div className="kpi-label">수집 주기</div>
          <div className="row" style={{ gap: 6, marginTop: 8 }}>
            {['06:00', '14:00', '22:00'].map((t) => (
              <span key={t} className="badge badge-accent" style={{ height: 26, fontSize: 13 }}>
                {t}
              </span>
            ))}
          </div>
          <div className="card-sub" style={{ marginTop: 6 }}>
            매일 · 한국 시간
          </div>
        </div>
        <div className="card" style={{ padding: '12px 16px' }}>
          <div className="kpi-label">오늘 모은 데이터</div>
          <div className="kpi-value" style={{ fontSize: 23 }}>
            {collected.toLocaleString('ko-KR')}
            <small>건</small>
          </div>
          <div className="kpi-delta">어제보다 +18%</div>
        </div>
        <div className="card" style={{ padding: '12px 16px' }}>
          <div className="kpi-label">다음 실행</div>
          <div className="kpi-value" style={{ fontSize: 23 }}>
            오늘 14:00
          </div>
          <div className="card-sub">2시간 18분 남았어요</div>
        </div>
      </div>
      <div className="card" style={{ padding: '12px 14px' }}>
        <div className="card-title" style={{ marginBottom: 6 }}>
          지금 실행 중인 작업 <span className="badge badge-gray">06:00 회차</span>
        </div>
        {JOBS.map((j, i) => {
          const p = progress[i] ?? 0;
          const state = p >= 1 ? '완료' : p > 0 ? '수집 중' : '대기';
          return (
            <div key={j.name} className="row" style={{ padding: '7px 0', borderTop: '1px solid #f1f3f6', gap: 12 }}>
              <ChannelMark name={j.name} color={j.color} />
              <span style={{ width: 110, fontWeight: 650 }}>{j.name}</span>
              <div className="grow">
                <Progress value={p * 100} />
              </div>
              <span style={{ width: 72, textAlign: 'right', fontWeight: 700 }}>
                {Math.round(j.total * p).toLocaleString('ko-KR')}건
              </span>
              <span
                className={classes(
                  'badge',
                  state === '완료' ? 'badge-green' : state === '수집 중' ? 'badge-amber' : 'badge-gray',
                )}
                style={{ width: 58, justifyContent: 'center' }}
              >
                {state}
              </span>
            </div>
          );
        })}
      </div>
      <div className="card" style={{ flex: 1, padding: '10px 16px 0' }}>
        <div className="card-title" style={{ fontSize: 13.5 }}>
          최근 7일 수집량
        </div>
        <BarChart
          groups={['11/15', '11/16', '11/17', '11/18', '11/19', '11/20', '오늘'].map((label, i) => ({
            label,
            values: [[11.2, 10.4, 12.1, 12.8, 13.5, 14.1, (14.7 * collected) / 14725][i] ?? 0],
          }))}
          colors={['var(--accent)']}
          width={664}
          height={76}
          max={15}
          p={1}
          format={(v) => `${(v / 10).toFixed(2)}만`}
        />
      </div>
    </div>
  );
}

const BRANDS = [
  { name: '그린데이', ours: true, mentions: 3842, positive: 81, engage: 4.6, search: '+38%' },
  { name: '퓨어랩', ours: false, mentions: 4120, positive: 74, engage: 3.1, search: '+6%' },
  { name: '베지톡스', ours: false, mentions: 2310, positive: 69, engage: 2.8, search: '−4%' },
  { name: '온그린', ours: false, mentions: 1780, positive: 77, engage: 3.9, search: '+12%' },
];

function CompareScreen({ s }: { s: State }) {
  const p = easeOut(s.compare);
  return (
    <div className="stack" style={{ height: '100%' }}>
      <div className="grid-3">
        {[
          ['언급 점유율', `${countUp(31, p)}%`, '4개 브랜드 중 2위'],
          ['긍정 반응 비율', `${countUp(81, p)}%`, '1위 · 경쟁사 평균 73%'],
          ['평균 참여율', `${countUp(4.6, p, 1)}%`, '1위 · 경쟁사 평균 3.3%'],
        ].map(([k, v, d]) => (
          <div key={k} className="card">
            <div className="kpi-label">{k}</div>
            <div className="kpi-value">{v}</div>
            <div className="kpi-delta">{d}</div>
          </div>
        ))}
      </div>
      <div className="card" style={{ padding: 0, overflow: 'hidden' }}>
        <table className="table">
          <thead>
            <tr>
              <th>브랜드</th>
              <th style={{ width: 250 }}>주간 언급량</th>
              <th>긍정 비율</th>
              <th>참여율</th>
              <th>검색량 증감</th>
            </tr>
          </thead>
          <tbody>
            {BRANDS.map((b) => (
              <tr key={b.name} className={b.ours ? 'is-hl' : undefined}>
                <td>
                  <b style={{ fontWeight: 720 }}>{b.name}</b>{' '}
                  {b.ours ? (
                    <span className="badge badge-accent" style={{ height: 19 }}>
                      우리
                    </span>
                  ) : null}
                </td>
                <td>
                  <div className="row" style={{ gap: 8 }}>
                    <div
                      className="grow"
                      style={{ height: 10, borderRadius: 5, background: '#f1f3f6', overflow: 'hidden' }}
                    >
                      <div
                        style={{
                          width: `${((b.mentions / 4200) * 100 * p).toFixed(1)}%`,
                          height: '100%',
                          borderRadius: 5,
                          background: b.ours ? 'linear-gradient(90deg, var(--accent), var(--accent-2))' : '#cbd5e1',
                        }}
                      />
                    </div>
                    <span style={{ width: 48, textAlign: 'right', fontWeight: 650 }}>{countUp(b.mentions, p)}</span>
                  </div>
                </td>
                <td>{Math.round(b.positive * p)}%</td>
                <td>{(b.engage * p).toFixed(1)}%</td>
                <td style={{ fontWeight: 700, color: b.search.startsWith('−') ? '#b91c1c' : '#059669' }}>{b.search}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div
        className="card row"
        style={{
          gap: 12,
          background: 'var(--accent-soft)',
          borderColor: 'transparent',
          opacity: segment(s.compare, 0.6, 1),
        }}
      >
        <span
          style={{
            width: 34,
            height: 34,
            borderRadius: 10,
            background: '#fff',
            display: 'grid',
            placeItems: 'center',
            color: 'var(--accent)',
          }}
        >
          <Icon name="sparkle" size={18} />
        </span>
        <div>
          <div style={{ fontWeight: 720, color: 'var(--accent-ink)' }}>
            ‘저자극 선크림’ 언급이 경쟁사보다 2.3배 빠르게 늘고 있어요
          </div>
          <div className="card-sub">인스타그램 릴스 후기 42건이 증가를 이끌었어요</div>
        </div>
      </div>
    </div>
  );
}

const ROWS = [
  ['11/21', '인스타그램', '저자극 선크림', '민감성 피부인데 따가움 없이 잘 맞았어요', '1,284', '긍정'],
  ['11/21', '네이버 블로그', '비건 화장품', '비건 인증 선크림 5종 한 달 사용 후기', '862', '긍정'],
  ['11/20', '쿠팡 리뷰', '저자극 선크림', '백탁 없고 촉촉해요. 재구매 의사 있어요', '214', '긍정'],
  ['11/20', '유튜브', '클린 뷰티', '클린 뷰티 브랜드 성분 비교 (퓨어랩 vs 그린데이)', '3,910', '중립'],
  ['11/19', '인스타그램', '비건 화장품', '용기 디자인은 예쁜데 펌프가 아쉬워요', '437', '부정'],
  ['11/19', '네이버 블로그', '클린 뷰티', '겨울철 클린 뷰티 기초 루틴 정리', '658', '긍정'],
  ['11/18', '쿠팡 리뷰', '비건 화장품', '향이 순하고 흡수가 빨라요', '129', '긍정'],
  ['11/18', '유튜브', '저자극 선크림', '피부과 전문의가 고른 저자극 선크림 TOP 5', '5,276', '긍정'],
  ['11/17', '인스타그램', '클린 뷰티', '성분은 좋은데 가격대가 조금 높아요', '311', '중립'],
] as const;

function ReportScreen(_props: { s: State }) {
  return (
    <div className="stack" style={{ height: '100%' }}>
      <div className="row" style={{ gap: 8 }}>
        {['전체 채널', '키워드 3개', '감성: 전체', '2,314행'].map((t, i) => (
          <span
            key={t}
            className={classes('badge', i === 3 ? 'badge-accent' : 'badge-gray')}
            style={{ height: 28, fontSize: 12.5, padding: '0 11px' }}
          >
            {t}
          </span>
        ))}
        <span className="grow" />
        <span className="card-sub">열 12개 · UTF-8 (엑셀 호환)</span>
      </div>
      <div className="card" style={{ padding: 0, overflow: 'hidden', flex: 1 }}>
        <table className="table" style={{ tableLayout: 'fixed' }}>
          <thead>
            <tr>
              <th style={{ width: 56 }}>날짜</th>
              <th style={{ width: 104 }}>채널</th>
              <th style={{ width: 112 }}>키워드</th>
              <th>내용</th>
              <th style={{ width: 64, textAlign: 'right' }}>반응</th>
              <th style={{ width: 60 }}>감성</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((r, i) => (
              <tr key={i}>
                <td className="muted">{r[0]}</td>
                <td>{r[1]}</td>
                <td>
                  <span className="badge badge-accent" style={{ height: 20, fontSize: 11.5 }}>
                    {r[2]}
                  </span>
                </td>
                <td style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{r[3]}</td>
                <td style={{ textAlign: 'right', fontWeight: 650 }}>{r[4]}</td>
                <td>
                  <span
                    className={classes(
                      'badge',
                      r[5] === '긍정' ? 'badge-green' : r[5] === '부정' ? 'badge-red' : 'badge-gray',
                    )}
                    style={{ height: 20, fontSize: 11.5 }}
                  >
                    {r[5]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="card-sub" style={{ padding: '10px 14px' }}>
          미리보기 9행 · 전체 2,314행
        </div>
      </div>
    </div>
  );
}

function ExportButton({ s }: { s: State }) {
  if (s.exporting <= 0) {
    return (
      <span className={classes('btn', 'btn-primary', s.pressed === 'export' && 'is-pressed')} data-cursor="export">
        <Icon name="download" size={16} stroke={2.4} /> CSV 내보내기
      </span>
    );
  }
  if (s.exporting < 1) {
    return (
      <span
        className="btn btn-primary"
        data-cursor="export"
        style={{ width: 150, position: 'relative', overflow: 'hidden' }}
      >
        <span
          style={{
            position: 'absolute',
            left: 0,
            top: 0,
            bottom: 0,
            width: `${(s.exporting * 100).toFixed(0)}%`,
            background: 'rgba(255,255,255,.22)',
          }}
        />
        <span style={{ position: 'relative' }}>내보내는 중 {Math.round(s.exporting * 100)}%</span>
      </span>
    );
  }
  return (
    <span className="btn is-done" data-cursor="export">
      <Icon name="check" size={16} stroke={2.6} /> 내보내기 완료
    </span>
  );
}

function render(s: State) {
  const screen = SCREENS[s.screen] ?? SCREENS[0];
  const Body = [SettingsScreen, ScheduleScreen, CompareScreen, ReportScreen][s.screen] ?? SettingsScreen;
  const actions =
    s.screen === 0 ? (
      <span className={classes('btn', 'btn-primary', s.pressed === 'start' && 'is-pressed')} data-cursor="start">
        <Icon name="play" size={14} stroke={2.4} /> 수집 시작
      </span>
    ) : s.screen === 3 ? (
      <ExportButton s={s} />
    ) : (
      <span className="btn">
        <Icon name="refresh" size={15} /> 지금 수집
      </span>
    );
  return (
    <AppFrame
      brand={{ name: '트렌드레이더', mark: <Icon name="trend" size={17} stroke={2.4} /> }}
      url={screen.url}
      nav={nav}
      active={s.screen}
      title={screen.title}
      subtitle={screen.subtitle}
      user={{ name: '서지훈', sub: '그린데이 · 마케팅팀', color: '#ea580c' }}
      enter={s.enter}
      actions={actions}
      overlay={<Toast show={s.toast}>greenday_weekly_2026-11-21.csv 저장 완료 · 2,314행</Toast>}
    >
      <Body s={s} />
    </AppFrame>
  );
}

export function marketingCrawler(): Story {
  const b = new StoryBuilder(render, initial);
  b.poster().hold(700);
  b.animate(700, (p) => ({ typing: p })).hold(160, { chip: true });
  b.move('channel-2', 450).click({ youtube: true }).hold(600);
  b.move('start', 450).set({ pressed: 'start' }).click({ pressed: null });
  showScreen(b, 1, { run: 0 });
  b.animate(1700, (p) => ({ run: p })).hold(800);
  openFromSidebar(b, 2, { compare: 0 });
  b.animate(1000, (p) => ({ compare: p })).hold(1300);
  openFromSidebar(b, 3, { exporting: 0 });
  b.hold(150).move('export', 450).set({ pressed: 'export' }).click({ pressed: null });
  b.animate(700, (p) => ({ exporting: Math.min(0.99, p) })).set({ exporting: 1 });
  b.animate(200, (p) => ({ toast: p })).hold(1400);
  return b.build('marketing-crawler', theme);
}
