import {
  ArticleCategory,
  articleEntity,
  bannerEntity,
  certificationEntity,
  productEntity,
  SITE_SETTING_PERMISSION,
} from '@cube/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { formatDateTime } from '../platform/dates.js';
import { newId } from '../platform/ids.js';
import { createStamp } from '../platform/rows.js';
import type { InsertMissing } from './console-data.js';
import { button, DEMO_TENANT, entityMenus, ID, type MenuSeed, menu, PLATFORM_TENANT } from './demo-data.js';
import { seedIds } from './ids.js';
import { ENABLED_ROW } from './rows.js';

const fixedId = seedIds('site');
const contentId = seedIds('siteContent');

/**
 * The public website: the 门户管理 menu with its five screens,
 * granted to the platform administrator and the demo tenant's administrator, a 门户管理 top menu for both, and in
 * demo mode the content of tenant 100000 (立方知识产权代理有限公司): branding, contact details, about-us, banners,
 * services, certifications and articles that read like a real agency's site. Fixed ids, inserted only when missing.
 */
export const SITE_ID = {
  menuPortal: fixedId(800),
  menuArticle: fixedId(810),
  menuProduct: fixedId(820),
  menuCertification: fixedId(830),
  menuBanner: fixedId(840),
  menuSite: fixedId(850),
  siteEdit: fixedId(851),
  topMenuPlatform: fixedId(860),
  topMenuDemo: fixedId(861),
} as const;

/** A screen's page id and the four button ids after it. */
const ids = (menu: string) => {
  const base = Number(BigInt(menu) % 10_000n);
  return {
    menu,
    add: fixedId(base + 1),
    edit: fixedId(base + 2),
    remove: fixedId(base + 3),
    view: fixedId(base + 4),
  };
};

/** The author of the demo tenant's site content. */
const DEMO_ADMIN = { userId: ID.userDemoAdmin, deptId: ID.deptDemo };

export const SITE_MENUS: MenuSeed[] = [
  menu(SITE_ID.menuPortal, '0', 'portal', '/portal', 'global', 4),
  ...entityMenus(articleEntity, ids(SITE_ID.menuArticle), SITE_ID.menuPortal, '/portal/article', 'read', 1),
  ...entityMenus(
    productEntity,
    ids(SITE_ID.menuProduct),
    SITE_ID.menuPortal,
    '/portal/product',
    'appstore',
    2,
  ),
  ...entityMenus(
    certificationEntity,
    ids(SITE_ID.menuCertification),
    SITE_ID.menuPortal,
    '/portal/certification',
    'safety-certificate',
    3,
  ),
  ...entityMenus(bannerEntity, ids(SITE_ID.menuBanner), SITE_ID.menuPortal, '/portal/banner', 'picture', 4),
  menu(SITE_ID.menuSite, SITE_ID.menuPortal, SITE_SETTING_PERMISSION.read, '/portal/site', 'setting', 5),
  button(SITE_ID.siteEdit, SITE_ID.menuSite, SITE_SETTING_PERMISSION.edit, '保存', 'edit', 'save', 2, 1),
];

/** Branding, contact details and the about-us page of the demo tenant (cube_site_resource). */
const DEMO_SITE: Record<string, string> = {
  title: '立方知识产权',
  indexTitle: '立方知识产权 · 专业的知识产权全链条服务机构',
  primaryColor: '#1f5fbf',
  description:
    '立方知识产权代理有限公司是经国家知识产权局批准设立的专利代理机构，提供专利申请、商标注册、版权登记、体系认证及知识产权咨询等一站式服务。',
  keywords: '专利代理,商标注册,版权登记,体系认证,知识产权贯标,高新技术企业认定',
  icp: '苏ICP备2024058321号-1',
  copyright: '© 2026 立方知识产权代理有限公司 版权所有',
  companyName: '立方知识产权代理有限公司',
  contactPhone: '400-820-6188',
  contactEmail: 'service@lifang-ip.cn',
  contactAddress: '江苏省苏州市工业园区星湖街328号创意产业园12栋5层',
  workHours: '周一至周五 9:00-18:00',
  aboutUs: [
    '<h2>公司简介</h2>',
    '<p>立方知识产权代理有限公司成立于2012年，是经国家知识产权局批准设立的专利代理机构，总部位于苏州工业园区，在南京、杭州、合肥设有分支机构。公司现有员工120余人，其中执业专利代理师36名、商标代理人18名，技术领域覆盖机械、电学、通信、计算机、生物医药与化学材料。</p>',
    '<p>十余年来，我们累计为3000余家企业、高校和科研院所提供知识产权服务，代理专利申请逾两万件，商标注册申请逾一万件，协助百余家企业通过知识产权管理体系认证和高新技术企业认定。</p>',
    '<h2>服务理念</h2>',
    '<p>我们坚持“专业、严谨、高效、保密”的服务理念，以技术理解为基础、以授权质量为目标，为客户提供从技术挖掘、申请布局、审查答复到运营维权的全链条服务。</p>',
    '<h2>资质荣誉</h2>',
    '<ul><li>国家知识产权局批准设立的专利代理机构</li><li>国家知识产权局备案的商标代理机构</li><li>江苏省知识产权服务业集聚发展示范机构</li><li>苏州市知识产权服务品牌机构</li></ul>',
    '<h2>联系我们</h2>',
    '<p>地址：江苏省苏州市工业园区星湖街328号创意产业园12栋5层<br>电话：400-820-6188　邮箱：service@lifang-ip.cn</p>',
  ].join(''),
};

const P = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

interface ArticleSeed {
  id: string;
  category: number;
  title: string;
  source: string;
  summary: string;
  content: string;
  daysAgo: number;
  isTop?: number;
  linkUrl?: string;
}

const ARTICLES: ArticleSeed[] = [
  {
    id: contentId(1001),
    category: ArticleCategory.news,
    title: '立方知识产权荣获“江苏省知识产权服务业集聚发展示范机构”称号',
    source: '立方知识产权',
    summary: '经专家评审和公示，公司入选2026年度江苏省知识产权服务业集聚发展示范机构名单。',
    content: P(
      '近日，江苏省知识产权局公布2026年度知识产权服务业集聚发展示范机构名单，立方知识产权代理有限公司凭借在专利代理质量、服务创新和人才培养方面的突出表现成功入选。',
      '近三年来，公司发明专利授权率保持在70%以上，审查意见一次答复通过率稳步提升；同时建立了覆盖申请前检索、撰写质检、期限监控的全流程质量管理体系。',
      '公司将以此为契机，持续提升服务能力，助力区域创新主体高质量创造、高效益运用知识产权。',
    ),
    daysAgo: 1,
    isTop: 1,
  },
  {
    id: contentId(1002),
    category: ArticleCategory.news,
    title: '公司举办“高价值专利培育”企业沙龙，30余家科技企业参加',
    source: '立方知识产权',
    summary: '沙龙围绕专利挖掘、布局与质量提升展开交流，帮助企业将研发成果转化为高价值专利组合。',
    content: P(
      '11月15日，由立方知识产权主办的“高价值专利培育”企业沙龙在苏州工业园区举行，来自集成电路、生物医药、高端装备等领域的30余家科技企业研发与法务负责人参加。',
      '公司资深专利代理师结合真实案例，讲解了从研发项目中挖掘专利点、围绕核心技术构建专利组合以及应对无效宣告的实务要点。',
      '与会企业表示，沙龙内容贴近实际，对企业完善知识产权管理制度、提升专利质量很有帮助。',
    ),
    daysAgo: 6,
  },
  {
    id: contentId(1003),
    category: ArticleCategory.news,
    title: '合肥分公司正式启用，服务长三角创新主体再添新据点',
    source: '立方知识产权',
    summary: '合肥分公司位于高新区，将重点服务新能源汽车、人工智能和量子信息领域企业。',
    content: P(
      '11月初，立方知识产权合肥分公司在合肥高新区正式启用。分公司配备专利代理师和商标代理人8名，可提供专利申请、商标注册、知识产权贯标及项目申报等服务。',
      '至此，公司已在苏州、南京、杭州、合肥形成四地协同的服务网络，能够为长三角地区的企业提供更加便捷、及时的本地化服务。',
    ),
    daysAgo: 12,
  },
  {
    id: contentId(1004),
    category: ArticleCategory.news,
    title: '协助客户完成海外PCT专利布局，覆盖美欧日韩四大市场',
    source: '立方知识产权',
    summary: '针对客户出海需求，公司提供了从PCT国际申请到各国国家阶段进入的全程服务。',
    content: P(
      '某新能源装备企业计划拓展海外市场，委托公司对其核心储能温控技术进行海外专利布局。',
      '项目组在完成全球专利检索和自由实施分析后，为客户制定了以PCT申请为基础、分阶段进入美国、欧洲、日本和韩国的布局方案，并协调各国合作律所完成了国家阶段的进入和审查答复。',
    ),
    daysAgo: 20,
  },
  {
    id: contentId(1011),
    category: ArticleCategory.party,
    title: '公司党支部开展“学习贯彻党的二十届四中全会精神”专题学习',
    source: '公司党支部',
    summary: '党支部组织全体党员集中学习全会精神，结合知识产权服务工作开展交流研讨。',
    content: P(
      '为深入学习贯彻党的二十届四中全会精神，公司党支部于本月组织全体党员开展专题学习。支部书记领学了全会公报的主要内容，并就全会关于加快建设知识产权强国、强化知识产权保护的部署要求作了解读。',
      '交流环节中，党员代理师们结合各自岗位，围绕提升专利代理质量、服务中小企业创新发展等话题进行了深入讨论，表示要把学习成果转化为推动业务高质量发展的实际行动。',
    ),
    daysAgo: 3,
    isTop: 1,
  },
  {
    id: contentId(1012),
    category: ArticleCategory.party,
    title: '党员先锋岗：知识产权志愿服务走进社区',
    source: '公司党支部',
    summary: '党员志愿者走进星湖社区，为小微企业和个体工商户提供商标与专利免费咨询。',
    content: P(
      '10月26日，公司党支部组织党员志愿者走进星湖社区，开展“知识产权进社区”志愿服务活动。',
      '志愿者们现场解答了商标注册、专利申请、防范知识产权侵权等方面的问题40余个，并向居民和商户发放《知识产权保护实用手册》200余份。',
    ),
    daysAgo: 9,
  },
  {
    id: contentId(1013),
    category: ArticleCategory.party,
    title: '公司党支部与园区科技企业党组织开展联建共建',
    source: '公司党支部',
    summary: '双方签订党建联建协议，将在党员教育、人才培养和知识产权服务方面开展合作。',
    content: P(
      '为推动党建工作与业务工作深度融合，公司党支部与园区三家科技企业党组织举行党建联建签约仪式。',
      '各方将通过联合主题党日、业务交流和专题培训等形式，共同提升党组织的凝聚力和服务企业创新发展的能力。',
    ),
    daysAgo: 25,
  },
  {
    id: contentId(1021),
    category: ArticleCategory.policy,
    title: '国家知识产权局关于进一步加强专利代理行业监管的通知（解读）',
    source: '国家知识产权局',
    summary: '通知对规范代理行为、打击非正常专利申请和无资质代理提出了明确要求。',
    content: P(
      '为促进专利代理行业健康有序发展，国家知识产权局近期印发通知，部署进一步加强专利代理行业监管工作。',
      '通知要求：严厉打击代理非正常专利申请行为；严查无资质专利代理；推动专利代理机构建立质量管理制度；加强行业信用体系建设，对失信机构依法实施联合惩戒。',
      '我们建议企业在选择代理机构时，查验其执业许可证和信用记录，并在委托合同中明确服务质量和保密责任。',
    ),
    daysAgo: 4,
    isTop: 1,
  },
  {
    id: contentId(1022),
    category: ArticleCategory.policy,
    title: '《商标审查审理指南》要点解读：不以使用为目的的恶意注册',
    source: '立方知识产权',
    summary: '结合指南条文和典型案例，解读恶意商标注册的认定标准及企业应对策略。',
    content: P(
      '《商标审查审理指南》对“不以使用为目的的恶意商标注册申请”规定了具体的认定因素，包括申请人申请注册商标的数量、所涉类别、经营状况、交易情况等。',
      '企业在品牌建设中应坚持“先注册、后使用”的原则，围绕主营业务合理布局类别，避免大量囤积与经营无关的商标；发现他人恶意抢注时，可及时通过异议、无效宣告等程序维护自身权益。',
    ),
    daysAgo: 11,
  },
  {
    id: contentId(1023),
    category: ArticleCategory.policy,
    title: '苏州市知识产权资助政策（2026年版）申报指南',
    source: '苏州市知识产权局',
    summary: '对发明专利授权、PCT申请、贯标认证和高价值专利培育等事项给予资助。',
    content: P(
      '根据苏州市最新知识产权资助政策，符合条件的企业可对以下事项申请资助：国内发明专利授权、PCT国际专利申请、知识产权管理体系认证、知识产权质押融资贴息等。',
      '申报材料一般包括申请表、营业执照、授权证书或认证证书复印件等，具体以当年度通知为准。公司可为客户提供政策匹配与申报辅导服务。',
    ),
    daysAgo: 18,
  },
  {
    id: contentId(1031),
    category: ArticleCategory.science,
    title: '发明、实用新型和外观设计专利有什么区别？',
    source: '立方知识产权',
    summary: '从保护对象、审查方式、保护期限和费用四个方面，带您读懂三种专利。',
    content: P(
      '发明专利保护对产品、方法或者其改进所提出的新的技术方案，需经过实质审查，保护期为20年；实用新型专利保护产品的形状、构造或者其结合所提出的适于实用的新的技术方案，只进行初步审查，保护期为10年；外观设计专利保护产品的整体或局部的形状、图案、色彩及其结合所作出的富有美感并适于工业应用的新设计，保护期为15年。',
      '一般而言，核心技术宜申请发明专利，结构改进可同时申请实用新型以尽快获得保护，产品外观则通过外观设计专利保护。',
    ),
    daysAgo: 7,
  },
  {
    id: contentId(1032),
    category: ArticleCategory.science,
    title: '商标注册前为什么要做近似查询？',
    source: '立方知识产权',
    summary: '近似查询能够提前发现在先权利障碍，降低被驳回的风险，节省时间和费用。',
    content: P(
      '商标注册申请从提交到核准注册通常需要6至9个月。如果申请商标与他人在先注册的商标构成近似，将被驳回，企业既浪费了时间，也可能已经投入了包装、宣传等成本。',
      '注册前进行近似查询，可以评估注册成功率，并根据查询结果调整商标设计或类别选择。我们建议企业在品牌命名阶段就引入专业查询。',
    ),
    daysAgo: 15,
  },
  {
    id: contentId(1033),
    category: ArticleCategory.science,
    title: '软件著作权登记需要准备哪些材料？',
    source: '立方知识产权',
    summary: '申请表、身份证明、源程序和用户手册是软件著作权登记的四类核心材料。',
    content: P(
      '办理计算机软件著作权登记，一般需要提交：软件著作权登记申请表；申请人身份证明文件；软件源程序（前后各连续30页）；软件用户手册或设计说明书（前后各连续30页）。',
      '登记证书虽不是取得著作权的前提，但在权属证明、高新技术企业认定和维权诉讼中具有重要作用。',
    ),
    daysAgo: 30,
  },
  {
    id: contentId(1041),
    category: ArticleCategory.wechat,
    title: '一图读懂：企业知识产权合规管理要点',
    source: '立方知识产权公众号',
    summary: '本文来自“立方知识产权”微信公众号，点击阅读全文。',
    content: '',
    linkUrl: 'https://mp.weixin.qq.com/s/LiFangIP-compliance-2026',
    daysAgo: 5,
  },
];

interface ProductSeed {
  id: string;
  category: number;
  name: string;
  summary: string;
  content: string;
}

const PRODUCTS: ProductSeed[] = [
  {
    id: contentId(2001),
    category: 1,
    name: '发明专利申请',
    summary: '技术交底、检索评估、撰写申请文件、审查意见答复至授权的全流程代理。',
    content: P(
      '服务内容：技术交底与专利挖掘；新颖性和创造性检索评估；权利要求书和说明书撰写；提交申请及费用减缓办理；实质审查意见答复与会晤；授权登记与年费监控。',
      '适用对象：拥有核心技术的科技企业、高校和科研院所。发明专利审查周期一般为18至36个月，可根据需要办理优先审查。',
    ),
  },
  {
    id: contentId(2002),
    category: 1,
    name: '实用新型与外观设计专利',
    summary: '结构改进和产品外观的快速保护，审查周期短、授权快。',
    content: P(
      '实用新型专利适合产品结构、形状的改进，外观设计专利保护产品的外观造型与图案。两者均只进行初步审查，一般6至12个月即可授权。',
      '我们提供撰写、绘图、提交和补正答复服务，并可与发明专利同日申请，兼顾保护速度与保护强度。',
    ),
  },
  {
    id: contentId(2003),
    category: 2,
    name: '商标注册与查询',
    summary: '近似查询、类别规划、申请递交、驳回复审及异议答辩。',
    content: P(
      '服务内容：商标近似查询与注册成功率评估；尼斯分类类别规划；国内商标注册申请；驳回复审、异议答辩与无效宣告；商标续展、变更与转让。',
      '我们同时提供马德里国际注册及单一国家注册服务，帮助品牌出海。',
    ),
  },
  {
    id: contentId(2004),
    category: 3,
    name: '版权登记',
    summary: '计算机软件著作权和美术、文字作品著作权登记。',
    content: P(
      '为软件企业和创作者办理计算机软件著作权登记、作品著作权登记及变更、转让备案，协助整理源程序与说明材料，正常办理周期约30个工作日，可加急。',
    ),
  },
  {
    id: contentId(2005),
    category: 4,
    name: '高新技术企业认定辅导',
    summary: '知识产权梳理、研发费用归集指导和申报材料编制。',
    content: P(
      '围绕高新技术企业认定条件，为企业梳理知识产权、规划专利申请节奏，指导研发项目立项与研发费用归集，编制申报材料并跟进评审。',
    ),
  },
  {
    id: contentId(2006),
    category: 4,
    name: '知识产权分析与维权',
    summary: '专利检索分析、侵权风险评估（FTO）、侵权诉讼与行政投诉支持。',
    content: P(
      '提供专利导航与竞争对手分析、产品上市前的自由实施（FTO）分析、侵权比对与证据固定，以及行政投诉、电商平台投诉和诉讼支持服务。',
    ),
  },
];

const CERTIFICATIONS = [
  {
    id: contentId(3001),
    name: '知识产权管理体系认证',
    standard: 'GB/T 29490-2023',
    summary: '帮助企业建立规范的知识产权管理制度，是多地资助和项目申报的加分项。',
    content: P(
      '依据《企业知识产权合规管理体系 要求》（GB/T 29490-2023），为企业提供现状诊断、体系文件编写、内审员培训、内部审核与管理评审辅导，直至通过第三方认证审核。',
      '辅导周期一般为3至4个月，认证证书有效期3年，期间每年接受一次监督审核。',
    ),
  },
  {
    id: contentId(3002),
    name: '质量管理体系认证',
    standard: 'ISO 9001:2015',
    summary: '国际通行的质量管理标准，是参与招投标和进入供应链的常见门槛。',
    content: P(
      '我们协助企业识别过程与风险，编写质量手册和程序文件，组织内审与管理评审，并对接具备资质的认证机构完成认证审核。',
    ),
  },
  {
    id: contentId(3003),
    name: '环境管理体系认证',
    standard: 'ISO 14001:2015',
    summary: '系统识别和控制环境因素，满足法规要求并提升企业社会形象。',
    content: P(
      '提供环境因素识别与评价、合规义务梳理、体系文件编写和认证审核辅导服务，可与质量体系一体化建设。',
    ),
  },
  {
    id: contentId(3004),
    name: '信息安全管理体系认证',
    standard: 'ISO/IEC 27001:2022',
    summary: '保护企业数据与客户信息安全，适合软件、互联网和数据服务企业。',
    content: P('提供信息资产识别、风险评估、适用性声明编写、控制措施落地与认证审核辅导服务。'),
  },
];

const BANNERS = [
  {
    id: contentId(4001),
    title: '专业的知识产权全链条服务',
    subtitle: '专利、商标、版权、体系认证一站式办理，执业代理师全程跟进，让创新成果得到可靠保护。',
    linkUrl: '/productServices',
  },
  {
    id: contentId(4002),
    title: '知识产权管理体系认证辅导',
    subtitle: '依据 GB/T 29490-2023，3 至 4 个月完成体系建设与认证审核。',
    linkUrl: '/systemDetails?id=1123598826000003001',
  },
  {
    id: contentId(4003),
    title: '高价值专利培育计划',
    subtitle: '从研发项目中挖掘核心技术，构建有竞争力的专利组合。',
    linkUrl: '/newsDetails?id=1123598826000001002',
  },
];

const daysAgoAt = (days: number, hour = 9) => {
  const date = new Date(Date.now() - days * 86_400_000);
  date.setHours(hour, 0, 0, 0);
  return formatDateTime(date);
};

export async function seedSite(
  db: Kysely<Database>,
  config: AppConfig,
  insertMissing: InsertMissing,
): Promise<void> {
  await insertMissing(
    db,
    'cubeMenu',
    SITE_MENUS.map((m) => ({ ...m, isOpen: 1, remark: '', isDeleted: 0 })),
    ['id'],
  );
  const menuIds = SITE_MENUS.map((m) => m.id);
  await insertMissing(
    db,
    'cubeRoleMenu',
    [
      ...menuIds.map((menuId) => ({ id: newId(), roleId: ID.rolePlatformAdministrator, menuId })),
      ...(config.demo ? menuIds.map((menuId) => ({ id: newId(), roleId: ID.roleDemoAdmin, menuId })) : []),
    ],
    ['roleId', 'menuId'],
  );
  const stamp = formatDateTime(new Date());
  const topMenus = [
    { id: SITE_ID.topMenuPlatform, tenantId: PLATFORM_TENANT },
    ...(config.demo ? [{ id: SITE_ID.topMenuDemo, tenantId: DEMO_TENANT }] : []),
  ];
  await insertMissing(
    db,
    'cubeTopMenu',
    topMenus.map((t) => ({
      ...t,
      code: 'portal',
      name: '门户管理',
      source: 'global',
      path: '/portal',
      sort: 3,
      ...createStamp(null, stamp),
      ...ENABLED_ROW,
    })),
    ['id'],
  );
  const pageMenus = SITE_MENUS.filter((m) => m.category === 1).map((m) => m.id);
  await insertMissing(
    db,
    'cubeTopMenuSetting',
    topMenus.flatMap((t) => pageMenus.map((menuId) => ({ id: newId(), topMenuId: t.id, menuId }))),
    ['topMenuId', 'menuId'],
  );
  if (!config.demo) return;

  await insertMissing(
    db,
    'cubeSiteResource',
    Object.entries(DEMO_SITE).map(([resourcesCode, resourcesContent]) => ({
      id: newId(),
      tenantId: DEMO_TENANT,
      resourcesCode,
      resourcesContent,
    })),
    ['tenantId', 'resourcesCode'],
  );
  await insertMissing(
    db,
    'cubeCrArticle',
    ARTICLES.map((a) => {
      const time = daysAgoAt(a.daysAgo);
      return {
        id: a.id,
        tenantId: DEMO_TENANT,
        category: a.category,
        title: a.title,
        author: '',
        source: a.source,
        coverUrl: '',
        summary: a.summary,
        content: a.content,
        linkUrl: a.linkUrl ?? '',
        isTop: a.isTop ?? 0,
        isPublish: 1,
        publishTime: time,
        ...createStamp(DEMO_ADMIN, time),
        ...ENABLED_ROW,
      };
    }),
    ['id'],
  );
  await insertMissing(
    db,
    'cubeCrProduct',
    PRODUCTS.map((p, i) => ({
      ...p,
      tenantId: DEMO_TENANT,
      coverUrl: '',
      sort: i + 1,
      isPublish: 1,
      publishTime: daysAgoAt(60),
      ...createStamp(DEMO_ADMIN, daysAgoAt(60)),
      ...ENABLED_ROW,
    })),
    ['id'],
  );
  await insertMissing(
    db,
    'cubeCrCertification',
    CERTIFICATIONS.map((c, i) => ({
      ...c,
      tenantId: DEMO_TENANT,
      coverUrl: '',
      sort: i + 1,
      isPublish: 1,
      publishTime: daysAgoAt(60),
      ...createStamp(DEMO_ADMIN, daysAgoAt(60)),
      ...ENABLED_ROW,
    })),
    ['id'],
  );
  await insertMissing(
    db,
    'cubeCrBanner',
    BANNERS.map((b, i) => ({
      ...b,
      tenantId: DEMO_TENANT,
      imageUrl: '',
      sort: i + 1,
      isPublish: 1,
      publishTime: daysAgoAt(60),
      ...createStamp(DEMO_ADMIN, daysAgoAt(60)),
      ...ENABLED_ROW,
    })),
    ['id'],
  );
}
