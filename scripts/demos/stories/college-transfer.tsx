/**
 * 트랜스퍼맵 (US college transfer guide): pick three target schools from the search → compare their requirements
 * side by side → tick off the application checklist → see how many credits transfer.
 */
import { Donut } from '../screens/charts';
import { AppFrame, Icon, Progress, Toast, classes, countUp, type NavEntry } from '../screens/ui';
import { StoryBuilder, easeOut, segment, type Story } from '../timeline';
import { openFromSidebar, showScreen, type ScreenState } from './navigation';

const theme = { '--accent': '#0284c7', '--accent-2': '#6366f1', '--accent-soft': '#f0f9ff', '--accent-ink': '#0369a1' };

const nav: NavEntry[] = [
  { label: '대학 검색', icon: 'search' },
  { label: '요건 비교', icon: 'columns' },
  { label: '지원 일정', icon: 'calendar' },
  { label: '학점 계산기', icon: 'calculator' },
];

const SCREENS = [
  {
    title: '편입 가능 대학 검색',
    subtitle: '전공과 성적에 맞는 대학을 찾아 드려요',
    url: 'transfermap.kr/search?major=cs',
  },
  { title: '학교별 요건 비교', subtitle: '담아 둔 3개 학교의 편입 요건이에요', url: 'transfermap.kr/compare' },
  { title: '지원 일정 체크리스트', subtitle: '2027년 가을 학기 편입 일정이에요', url: 'transfermap.kr/checklist' },
  { title: '학점 인정 계산기', subtitle: '디안자 칼리지 이수 과목 기준이에요', url: 'transfermap.kr/credits' },
] as const;

interface State extends ScreenState {
  picked: number[];
  pressed: string | null;
  compare: number;
  checked: number;
  toast: number;
  calc: number;
}

const initial: State = { screen: 0, enter: 1, picked: [], pressed: null, compare: 0, checked: 2, toast: 0, calc: 0 };

const SCHOOLS = [
  {
    short: 'UCB',
    name: 'UC 버클리',
    place: '캘리포니아 버클리',
    rate: 24,
    gpa: '3.9',
    fit: '도전',
    fitClass: 'badge-red',
    color: '#1e3a8a',
    tag: false,
  },
  {
    short: 'UCLA',
    name: 'UCLA',
    place: '캘리포니아 로스앤젤레스',
    rate: 26,
    gpa: '3.8',
    fit: '도전',
    fitClass: 'badge-red',
    color: '#2563eb',
    tag: false,
  },
  {
    short: 'UCSD',
    name: 'UC 샌디에이고',
    place: '캘리포니아 샌디에이고',
    rate: 58,
    gpa: '3.7',
    fit: '적정',
    fitClass: 'badge-blue',
    color: '#0e7490',
    tag: true,
  },
  {
    short: 'UW',
    name: '워싱턴 대학교',
    place: '워싱턴 시애틀',
    rate: 41,
    gpa: '3.7',
    fit: '적정',
    fitClass: 'badge-blue',
    color: '#6d28d9',
    tag: false,
  },
  {
    short: 'UCD',
    name: 'UC 데이비스',
    place: '캘리포니아 데이비스',
    rate: 63,
    gpa: '3.6',
    fit: '안정',
    fitClass: 'badge-green',
    color: '#b45309',
    tag: true,
  },
] as const;
const PICKS = [1, 2, 3];

function Logo({ short, color, size = 40 }: { short: string; color: string; size?: number }) {
  return (
    <span
      style={{
        width: size,
        height: size,
        borderRadius: 11,
        background: color,
        color: '#fff',
        display: 'grid',
        placeItems: 'center',
        fontSize: short.length > 3 ? 11.5 : 13,
        fontWeight: 800,
        letterSpacing: 0,
        flex: 'none',
      }}
    >
      {short}
    </span>
  );
}

function SearchScreen({ s }: { s: State }) {
  return (
    <div className="stack" style={{ height: '100%', gap: 12 }}>
      <div className="row" style={{ gap: 8 }}>
        <div className="input grow" style={{ height: 40 }}>
          <Icon name="search" size={17} style={{ color: '#9ca3af' }} />
          <b style={{ fontWeight: 650 }}>컴퓨터과학</b>
          <span className="muted">· 학점 3.82 · 2027 가을</span>
        </div>
        <span className="btn" style={{ height: 40 }}>
          <Icon name="filter" size={15} /> 필터 3
        </span>
      </div>
      <div className="row" style={{ gap: 6 }}>
        <span className="badge badge-accent">캘리포니아</span>
        <span className="badge badge-accent">워싱턴</span>
        <span className="badge badge-accent">주립대</span>
        <span className="grow" />
        <span className="card-sub">
          편입 가능 대학 <b style={{ color: '#111827' }}>27곳</b> 중 적합도순
        </span>
      </div>
      <div className="card" style={{ padding: '4px 6px' }}>
        {SCHOOLS.map((sc, i) => {
          const on = s.picked.includes(i);
          return (
            <div
              key={sc.short}
              className="row"
              style={{
                padding: '10px 10px',
                gap: 12,
                borderBottom: i < SCHOOLS.length - 1 ? '1px solid #f1f3f6' : 'none',
                background: on ? 'var(--accent-soft)' : 'transparent',
                borderRadius: 10,
              }}
            >
              <Logo short={sc.short} color={sc.color} />
              <div className="grow">
                <div className="row" style={{ gap: 6 }}>
                  <b style={{ fontSize: 14.5 }}>{sc.name}</b>
                  {sc.tag ? <span className="badge badge-gray">TAG 가능</span> : null}
                </div>
                <div className="card-sub">{sc.place}</div>
              </div>
              <div style={{ width: 92 }}>
                <div className="card-sub">편입 합격률</div>
                <b>{sc.rate}%</b>
              </div>
              <div style={{ width: 76 }}>
                <div className="card-sub">평균 학점</div>
                <b>{sc.gpa}</b>
              </div>
              <span className={classes('badge', sc.fitClass)} style={{ width: 44, justifyContent: 'center' }}>
                {sc.fit}
              </span>
              <span
                className={classes('btn', 'btn-sm', on && 'btn-soft', s.pressed === `pick-${i}` && 'is-pressed')}
                data-cursor={`pick-${i}`}
                style={{ width: 76 }}
              >
                {on ? (
                  <>
                    <Icon name="check" size={14} stroke={2.6} /> 담음
                  </>
                ) : (
                  <>
                    <Icon name="plus" size={14} stroke={2.4} /> 비교
                  </>
                )}
              </span>
            </div>
          );
        })}
      </div>
      <div
        className="row"
        style={{
          padding: '11px 14px',
          borderRadius: 12,
          background: '#fff',
          border: '1px dashed #cbd5e1',
          color: '#475569',
          fontSize: 13,
        }}
      >
        <Icon name="sparkle" size={16} style={{ color: 'var(--accent)' }} />
        <span>
          <b style={{ color: '#0f172a' }}>TAG 가능</b> 학교는 학점 요건을 채우면 편입 합격이 보장돼요. 마감은 9월
          30일이에요.
        </span>
      </div>
    </div>
  );
}

const REQUIREMENTS: { label: string; values: readonly string[] }[] = [
  { label: '편입 합격률', values: ['26%', '58%', '41%'] },
  { label: '최소 학점(GPA)', values: ['3.2 이상 (권장 3.8)', '3.0 이상 (권장 3.7)', '3.0 이상 (권장 3.6)'] },
  {
    label: '필수 선수과목',
    values: ['미적분 3과목, 프로그래밍 2과목', '미적분 2과목, 자료구조', '미적분 2과목, 물리 1과목'],
  },
  { label: '영어 요건', values: ['작문 2과목 이수', '작문 2과목 이수', 'TOEFL 83 또는 작문 이수'] },
  { label: '에세이', values: ['PIQ 4편 (각 350단어)', 'PIQ 4편 (각 350단어)', '개인 에세이 1편'] },
  { label: '원서 마감', values: ['11월 30일', '11월 30일', '2월 15일'] },
];
const READINESS = [78, 94, 88];

function CompareScreen({ s }: { s: State }) {
  const lit = Math.floor(s.compare * REQUIREMENTS.length);
  const grow = easeOut(segment(s.compare, 0.5, 1));
  return (
    <div className="stack" style={{ height: '100%' }}>
      <div className="card" style={{ padding: 0, overflow: 'hidden' }}>
        <table className="table table-compact" style={{ tableLayout: 'fixed' }}>
          <thead>
            <tr>
              <th style={{ width: 120, background: '#fff' }} />
              {PICKS.map((i) => {
                const sc = SCHOOLS[i];
                if (!sc) return null;
                return (
                  <th key={sc.short} style={{ background: '#fff', padding: '12px 10px 8px' }}>
                    <div className="row" style={{ gap: 8 }}>
                      <Logo short={sc.short} color={sc.color} size={32} />
                      <div>
                        <div style={{ fontSize: 14, color: '#111827', fontWeight: 750 }}>{sc.name}</div>
                        <span className={classes('badge', sc.fitClass)} style={{ height: 19, fontSize: 11.5 }}>
                          {sc.fit}
                        </span>
                      </div>
                    </div>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {REQUIREMENTS.map((row, r) => (
              <tr key={row.label} className={r === lit && s.compare < 1 ? 'is-hl' : undefined}>
                <td style={{ color: '#6b7280', fontWeight: 650, fontSize: 12.5 }}>{row.label}</td>
                {row.values.map((v, c) => (
                  <td
                    key={c}
                    style={{ fontWeight: r === 5 ? 700 : 500, color: r === 5 && c < 2 ? '#b91c1c' : undefined }}
                  >
                    {v}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <td style={{ color: '#6b7280', fontWeight: 650, fontSize: 12.5, borderBottom: 'none' }}>내 준비도</td>
              {READINESS.map((v, c) => (
                <td key={c} style={{ borderBottom: 'none', paddingRight: 22 }}>
                  <div className="row" style={{ gap: 8 }}>
                    <div className="grow">
                      <Progress value={v * grow} />
                    </div>
                    <b style={{ width: 34, textAlign: 'right' }}>{Math.round(v * grow)}%</b>
                  </div>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
        <div
          className="row"
          style={{
            margin: '2px 16px 14px',
            padding: '10px 14px',
            borderRadius: 12,
            background: 'var(--accent-soft)',
            color: 'var(--accent-ink)',
            fontWeight: 650,
            fontSize: 13.5,
            opacity: segment(s.compare, 0.85, 1),
          }}
        >
          <Icon name="sparkle" size={16} /> UC 샌디에이고는 선수과목을 모두 채웠어요. 에세이만 준비하면 돼요.
        </div>
      </div>
      <div className="grid-3" style={{ opacity: segment(s.compare, 0.7, 0.95) }}>
        {[
          ['연간 학비 (주 외 학생)', '$47,100', '기숙사 포함 $68,400'],
          ['연간 학비 (주 외 학생)', '$49,800', '기숙사 포함 $70,200'],
          ['연간 학비 (주 외 학생)', '$43,600', '기숙사 포함 $61,900'],
        ].map(([k, v, sub], i) => (
          <div key={i} className="card" style={{ padding: '10px 16px' }}>
            <div className="kpi-label">{k}</div>
            <div style={{ fontSize: 19, fontWeight: 780, marginTop: 2 }}>{v}</div>
            <div className="card-sub">{sub}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

const TASKS = [
  { title: '디안자 칼리지 성적표 발급 요청', date: '10월 2일', tag: '공통' },
  { title: 'UC TAG 신청 (UC 샌디에이고)', date: '9월 30일', tag: 'UCSD' },
  { title: '추천서 요청 · 지도교수 면담', date: '11월 24일', tag: 'UW', dday: 'D-3' },
  { title: 'UC 통합 원서 · PIQ 에세이 4편', date: '11월 30일', tag: 'UCLA · UCSD', dday: 'D-9' },
  { title: '워싱턴 대학교 원서 제출', date: '2월 15일', tag: 'UW', dday: 'D-86' },
  { title: 'FAFSA 재정 보조 신청', date: '3월 2일', tag: '공통', dday: 'D-101' },
];

function ChecklistScreen({ s }: { s: State }) {
  const done = s.checked;
  return (
    <div className="grid-2" style={{ gridTemplateColumns: '1.6fr 1fr', height: '100%' }}>
      <div className="card" style={{ padding: '14px 12px' }}>
        <div className="card-title" style={{ padding: '0 6px 10px' }}>
          할 일 6개
          <span className="card-sub">{done}개 완료</span>
        </div>
        {TASKS.map((t, i) => {
          const on = i < done;
          return (
            <div key={t.title} className="row" style={{ padding: '10px 8px', gap: 12, borderTop: '1px solid #f1f3f6' }}>
              <span className={classes('check', on && 'is-on')} data-cursor={`task-${i}`}>
                {on ? <Icon name="check" size={13} stroke={3.2} /> : null}
              </span>
              <div className="grow">
                <div
                  style={{
                    fontWeight: 650,
                    textDecoration: on ? 'line-through' : 'none',
                    color: on ? '#9ca3af' : '#111827',
                  }}
                >
                  {t.title}
                </div>
                <div className="card-sub">
                  {t.date} 마감 · {t.tag}
                </div>
              </div>
              {on ? (
                <span className="badge badge-green">완료</span>
              ) : (
                <span
                  className={classes(
                    'badge',
                    t.dday === 'D-3' ? 'badge-red' : t.dday === 'D-9' ? 'badge-amber' : 'badge-gray',
                  )}
                >
                  {t.dday}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <div className="stack">
        <div className="card">
          <div className="kpi-label">전체 진행률</div>
          <div className="kpi-value">
            {Math.round((done / TASKS.length) * 100)}
            <small>%</small>
          </div>
          <div style={{ marginTop: 8 }}>
            <Progress value={(done / TASKS.length) * 100} />
          </div>
        </div>
        <div className="card stack" style={{ gap: 10, flex: 1 }}>
          <div className="card-title">다가오는 마감</div>
          {[
            ['11월 24일', '추천서 요청', 'D-3'],
            ['11월 30일', 'UC 통합 원서', 'D-9'],
            ['12월 1일', 'UCSD TAG 결과 발표', 'D-10'],
          ].map(([d, t, dd]) => (
            <div key={t} className="row" style={{ gap: 10 }}>
              <span
                style={{
                  width: 44,
                  height: 44,
                  borderRadius: 11,
                  background: '#f9fafb',
                  display: 'grid',
                  placeItems: 'center',
                  textAlign: 'center',
                  lineHeight: 1.1,
                }}
              >
                <span>
                  <span style={{ fontSize: 11, color: '#6b7280' }}>{d?.split(' ')[0]}</span>
                  <br />
                  <b style={{ fontSize: 15 }}>{d?.split(' ')[1]?.replace('일', '')}</b>
                </span>
              </span>
              <span className="grow" style={{ fontWeight: 620 }}>
                {t}
              </span>
              <span className="card-sub">{dd}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

const COURSES = [
  { code: 'MATH 1A', name: '미적분 I', to: 'MATH 20A', units: 5, status: 'ok' },
  { code: 'MATH 1B', name: '미적분 II', to: 'MATH 20B', units: 5, status: 'ok' },
  { code: 'CIS 22A', name: 'C++ 프로그래밍', to: 'CSE 8A', units: 4.5, status: 'ok' },
  { code: 'CIS 22B', name: '객체지향 프로그래밍', to: 'CSE 8B', units: 4.5, status: 'ok' },
  { code: 'CIS 22C', name: '자료구조', to: 'CSE 12', units: 4.5, status: 'ok' },
  { code: 'EWRT 1A', name: '대학 작문', to: 'WCWP 10A', units: 5, status: 'ok' },
  { code: 'ECON 1', name: '미시경제학', to: 'ECON 1', units: 5, status: 'ok' },
  { code: 'PHYS 4A', name: '역학', to: 'PHYS 2A', units: 6, status: 'part' },
  { code: 'KORE 1', name: '기초 한국어', to: '—', units: 5, status: 'no' },
] as const;

function CreditsScreen({ s }: { s: State }) {
  const shown = Math.floor(s.calc * (COURSES.length + 0.999));
  const p = easeOut(segment(s.calc, 0.2, 1));
  return (
    <div className="grid-2" style={{ gridTemplateColumns: '1.6fr 1fr', height: '100%' }}>
      <div className="card" style={{ padding: 0, overflow: 'hidden' }}>
        <table className="table">
          <thead>
            <tr>
              <th>디안자 과목</th>
              <th>UCSD 대응 과목</th>
              <th style={{ textAlign: 'right' }}>학점</th>
              <th style={{ width: 74 }}>결과</th>
            </tr>
          </thead>
          <tbody>
            {COURSES.map((c, i) => (
              <tr key={c.code}>
                <td>
                  <b style={{ fontWeight: 700 }}>{c.code}</b> <span className="muted">{c.name}</span>
                </td>
                <td>{c.to}</td>
                <td style={{ textAlign: 'right' }}>{c.units}</td>
                <td>
                  {i < shown ? (
                    <span
                      className={classes(
                        'badge',
                        c.status === 'ok' ? 'badge-green' : c.status === 'part' ? 'badge-amber' : 'badge-gray',
                      )}
                    >
                      {c.status === 'ok' ? '인정' : c.status === 'part' ? '일부' : '불인정'}
                    </span>
                  ) : (
                    <span className="badge badge-gray" style={{ color: '#9ca3af' }}>
                      대기
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="row" style={{ padding: '12px 14px' }}>
          <span className="card-sub grow">ASSIST 협정 2026–27 기준 · 쿼터 학점</span>
          <span className={classes('btn', 'btn-primary', s.pressed === 'calc' && 'is-pressed')} data-cursor="calc">
            <Icon name="calculator" size={15} /> 학점 계산하기
          </span>
        </div>
      </div>
      <div className="stack">
        <div className="card" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 10 }}>
          <div className="card-title" style={{ alignSelf: 'stretch' }}>
            인정 학점
          </div>
          <Donut
            size={150}
            p={p}
            parts={[
              { value: 33.5, color: 'var(--accent)' },
              { value: 3, color: '#a5b4fc' },
              { value: 8, color: '#e5e7eb' },
            ]}
            center={
              <div>
                <div style={{ fontSize: 26, fontWeight: 820 }}>{countUp(36.5, p, 1)}</div>
                <div className="card-sub">/ 44.5 학점</div>
              </div>
            }
          />
          <div className="row" style={{ gap: 12, fontSize: 12.5 }}>
            <span className="row" style={{ gap: 5 }}>
              <span className="dot" style={{ background: 'var(--accent)' }} />
              인정
            </span>
            <span className="row" style={{ gap: 5 }}>
              <span className="dot" style={{ background: '#a5b4fc' }} />
              일부
            </span>
            <span className="row" style={{ gap: 5 }}>
              <span className="dot" style={{ background: '#e5e7eb' }} />
              불인정
            </span>
          </div>
        </div>
        <div className="card" style={{ flex: 1 }}>
          <div className="kpi-label">전공 선수과목 충족</div>
          <div className="kpi-value" style={{ fontSize: 22 }}>
            {countUp(4, p)}
            <small>/ 5과목</small>
          </div>
          <div className="card-sub" style={{ marginTop: 4 }}>
            다음 학기에 PHYS 4B를 들으면 모두 채워요
          </div>
          <div className="field-label" style={{ margin: '14px 0 6px' }}>
            다음 학기 추천 과목
          </div>
          <div className="row" style={{ gap: 6, flexWrap: 'wrap', opacity: segment(s.calc, 0.8, 1) }}>
            <span className="badge badge-accent">PHYS 4B 전자기학</span>
            <span className="badge badge-accent">MATH 2B 선형대수</span>
            <span className="badge badge-gray">EWRT 2 비판적 읽기</span>
          </div>
        </div>
      </div>
    </div>
  );
}

function render(s: State) {
  const screen = SCREENS[s.screen] ?? SCREENS[0];
  const Body = [SearchScreen, CompareScreen, ChecklistScreen, CreditsScreen][s.screen] ?? SearchScreen;
  const picked = s.picked.length;
  return (
    <AppFrame
      brand={{ name: '트랜스퍼맵', mark: <Icon name="globe" size={17} stroke={2.2} /> }}
      url={screen.url}
      nav={nav}
      active={s.screen}
      title={screen.title}
      subtitle={screen.subtitle}
      user={{ name: '윤지아', sub: '디안자 칼리지 · 2학년', color: '#0284c7' }}
      enter={s.enter}
      actions={
        s.screen === 0 ? (
          <span
            className={classes('btn', picked > 0 ? 'btn-primary' : '', s.pressed === 'compare' && 'is-pressed')}
            data-cursor="compare"
          >
            <Icon name="columns" size={15} /> {picked}개 학교 비교하기
          </span>
        ) : (
          <span className="btn">
            <Icon name="bell" size={15} /> 마감 알림 켜짐
          </span>
        )
      }
      overlay={<Toast show={s.toast}>‘추천서 요청’을 완료했어요 · 진행률 50%</Toast>}
    >
      <Body s={s} />
    </AppFrame>
  );
}

export function collegeTransfer(): Story {
  const b = new StoryBuilder(render, initial);
  b.poster().hold(900);
  const picked: number[] = [];
  for (const i of PICKS) {
    picked.push(i);
    b.move(`pick-${i}`, 420)
      .set({ pressed: `pick-${i}` })
      .click({ pressed: null, picked: [...picked] })
      .hold(160);
  }
  b.move('compare', 450).set({ pressed: 'compare' }).click({ pressed: null });
  showScreen(b, 1, { compare: 0 });
  b.animate(1500, (p) => ({ compare: p })).hold(1000);
  openFromSidebar(b, 2, { checked: 2 });
  b.hold(200).move('task-2', 500).click({ checked: 3 });
  b.animate(200, (p) => ({ toast: p })).hold(1000);
  b.set({ toast: 0 });
  openFromSidebar(b, 3, { calc: 0 });
  b.move('calc', 450).set({ pressed: 'calc' }).click({ pressed: null });
  b.animate(1300, (p) => ({ calc: p })).hold(1500);
  return b.build('college-transfer', theme);
}
