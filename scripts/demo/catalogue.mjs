// Demo catalogue for seeding D1 + R2: 12 visible apps covering every app type, plus one
// 'failed' app the store must hide. Every file is generated here (deterministically) except the
// one committed video, so a re-seed always produces byte-identical objects.
import { readFileSync } from 'node:fs';
import { iconSvg, screenshotSvg } from './art.mjs';
import { createDeb } from './deb.mjs';
import { createIpa } from './ipa.mjs';

/**
 * @typedef {'ipa'|'itms-ipa'|'testflight'|'tipa'|'roothide'|'rootless'|'rootfull'} AppType
 * @typedef {'1day'|'7days'|'30days'|'lifetime'} KeyType
 * @typedef {{ key: string, contentType: string, body: Uint8Array }} DemoObject
 * @typedef {DemoObject & { media_type: 'image'|'video', duration: number|null, width?: number, height?: number }} DemoMedia
 * @typedef {DemoObject & { filename: string }} DemoFile
 * @typedef {{ Package: string, Name: string, Version: string, Architecture: string, Maintainer: string,
 *   Author: string, Description: string, Depends: string, Section: string }} DebControl
 * @typedef {object} DemoApp
 * @property {string} name
 * @property {string} url  slug
 * @property {AppType} app_type
 * @property {string|null} developer
 * @property {string} description
 * @property {string} changelog  one feature per line
 * @property {string} version
 * @property {string} build_number
 * @property {string|null} bundle_identifier
 * @property {string} minimum_os_version
 * @property {'games'|'utilities'} category
 * @property {'active'|'failed'} status
 * @property {string|null} itms_url
 * @property {string|null} testflight_url
 * @property {number} download_count
 * @property {number} created_days_ago
 * @property {number|null} updated_days_ago
 * @property {DemoObject|null} icon
 * @property {DemoMedia[]} media
 * @property {DemoFile|null} file
 * @property {DebControl|null} deb_control
 * @property {Record<string, string>|null} privacy  IPA family: the NS…UsageDescription strings its Info.plist declares
 * @property {string[]|null} entitlements  IPA family: what its embedded.mobileprovision grants
 * @property {{ key_type: KeyType, price: number, is_active: boolean }[]} pricing
 * @property {Partial<Record<KeyType, number>>} key_stock
 */

// Real duration of assets/gameplay.webm (ffprobe: 5.000000); check.mjs re-verifies it.
export const VIDEO_DURATION = 5;
const VIDEO_URL = new URL('./assets/gameplay.webm', import.meta.url);

const encoder = new TextEncoder();

// Debian architecture per jailbreak flavour (docs/formats.md#apt).
const DEB_ARCH = { rootless: 'iphoneos-arm64', roothide: 'iphoneos-arm64e', rootfull: 'iphoneos-arm' };

// Hand-written catalogue. `art` and `deb` only drive file generation and are not returned.
// Times are chosen so the card labels cover minutes, hours, days, weeks, months and a year.
const APPS = [
  {
    name: 'Chiến Binh Rồng Mod Menu',
    url: 'chien-binh-rong-mod-menu',
    app_type: 'ipa',
    developer: 'Lotus Forge Studio',
    description:
      'Phiên bản mod của game nhập vai hành động Chiến Binh Rồng với menu nổi dễ dùng ngay trong trận.\nBật tắt từng tính năng chỉ bằng một chạm, không cần jailbreak. Cần mua key để kích hoạt menu, key được gửi ngay sau khi thanh toán.',
    changelog:
      'Menu mod nổi, mở bằng cách chạm 3 ngón\nBất tử và hồi máu tức thì\nSát thương x10, tốc độ đánh x3\n\nMở khóa toàn bộ trang phục rồng\nTự động làm nhiệm vụ hằng ngày\nChống quét tài khoản bản mới',
    version: '3.4.1',
    build_number: '3410',
    bundle_identifier: 'vn.lotusforge.chienbinhrong',
    minimum_os_version: '14.0',
    category: 'games',
    download_count: 48213,
    created_days_ago: 400,
    updated_days_ago: 0.01,
    art: { hue: 10, motif: 'flame' },
    shots: [
      ['menu', 'Menu mod gọn gàng, bật tắt chỉ một chạm'],
      ['gameplay', 'Sát thương x10 trong mọi trận đấu'],
      ['stats', 'Theo dõi chỉ số nhân vật theo thời gian thực'],
    ],
    video: true,
    // What the IPA declares: the AltStore source lists it as the app's permissions.
    privacy: {
      NSMicrophoneUsageDescription: 'Dùng micro cho trò chuyện thoại với đồng đội trong trận.',
      NSPhotoLibraryAddUsageDescription: 'Lưu ảnh chụp màn hình trận đấu vào Thư viện ảnh.',
    },
    entitlements: {
      'application-identifier': 'DEMOTEAM01.vn.lotusforge.chienbinhrong',
      'com.apple.developer.team-identifier': 'DEMOTEAM01',
      'com.apple.developer.game-center': true,
      'get-task-allow': true,
      'keychain-access-groups': ['DEMOTEAM01.*'],
    },
    pricing: [
      { key_type: '1day', price: 20000, is_active: true },
      { key_type: '7days', price: 50000, is_active: true },
      { key_type: '30days', price: 120000, is_active: true },
      { key_type: 'lifetime', price: 350000, is_active: true },
    ],
    key_stock: { '1day': 25, '7days': 12, '30days': 4, lifetime: 0 },
  },
  {
    name: 'Skyline Racer VIP',
    url: 'skyline-racer-vip',
    app_type: 'ipa',
    developer: 'Neon Asphalt Games',
    description:
      'Game đua xe đường phố trên những tòa nhà chọc trời, bản VIP mở khóa toàn bộ xe và đường đua. Nitro không giới hạn giúp bạn dễ dàng phá kỷ lục. Hỗ trợ iOS 15 trở lên.',
    changelog: 'Nitro vô hạn\nMở khóa 48 mẫu xe và 12 đường đua\nTiền và kim cương không giới hạn\nTắt quảng cáo giữa các màn đua',
    version: '2.8.0',
    build_number: '280',
    bundle_identifier: 'com.neonasphalt.skylineracer',
    minimum_os_version: '15.0',
    category: 'games',
    download_count: 27604,
    created_days_ago: 210,
    updated_days_ago: 0.2,
    art: { hue: 205, motif: 'chevrons' },
    shots: [
      ['gameplay', 'Nitro vô hạn, bứt tốc mọi khúc cua'],
      ['menu', 'Toàn bộ xe VIP đã được mở khóa'],
    ],
    privacy: { NSLocalNetworkUsageDescription: 'Tìm bạn bè cùng mạng Wi-Fi để đua chung.' },
    entitlements: { 'application-identifier': 'DEMOTEAM01.com.neonasphalt.skylineracer', 'get-task-allow': true },
    // The 30-day key is paused ('Tạm dừng') to exercise inactive pricing.
    pricing: [
      { key_type: '1day', price: 15000, is_active: true },
      { key_type: '7days', price: 45000, is_active: true },
      { key_type: '30days', price: 99000, is_active: false },
    ],
    key_stock: { '1day': 40, '7days': 18, '30days': 6 },
  },
  {
    name: 'Pixel Dungeon+',
    url: 'pixel-dungeon-plus',
    app_type: 'ipa',
    developer: null, // shown as 'Unknown'
    description:
      'Game nhập vai khám phá hầm ngục phong cách pixel, bản Plus thêm nhiều tiện ích cho người chơi mới. Bản đồ được mở sẵn và vật phẩm hiếm rơi nhiều hơn.',
    changelog: 'Hiện toàn bộ bản đồ tầng hầm\nTỉ lệ rơi đồ hiếm x5\nKhông mất đồ khi nhân vật chết\nThêm nút lưu nhanh',
    version: '1.9.3',
    build_number: '193',
    bundle_identifier: 'io.pixelcellar.dungeonplus',
    minimum_os_version: '14.0',
    category: 'games',
    download_count: 9182,
    created_days_ago: 60,
    updated_days_ago: 3,
    art: { hue: 270, motif: 'grid' },
    shots: [
      ['gameplay', 'Khám phá hầm ngục với bản đồ mở sẵn'],
      ['stats', 'Trang bị hiếm rơi nhiều gấp 5 lần'],
      ['menu', 'Tùy chỉnh tính năng <Plus> & hơn thế'],
    ],
    pricing: [
      { key_type: '7days', price: 30000, is_active: true },
      { key_type: 'lifetime', price: 150000, is_active: true },
    ],
    key_stock: { '7days': 50, lifetime: 10 },
  },
  {
    name: 'Cờ Tướng Master',
    url: 'co-tuong-master',
    app_type: 'itms-ipa',
    developer: 'Mekong Pixel',
    description:
      'Cờ tướng trực tuyến với AI gợi ý nước đi mạnh như kiện tướng. Cài đặt trực tiếp qua Safari, không cần máy tính. Phù hợp cho cả người mới học lẫn kỳ thủ lâu năm.',
    changelog: 'Gợi ý nước đi tốt nhất bằng AI\nPhân tích ván cờ sau trận\n\nKho thế cờ tàn hơn 2.000 bài\nBỏ giới hạn số ván mỗi ngày',
    version: '5.2.0',
    build_number: '520',
    bundle_identifier: 'vn.mekongpixel.cotuong',
    minimum_os_version: '14.0',
    category: 'games',
    itms_url: null, // the store's own OTA manifest comes with the install feature
    download_count: 15440,
    created_days_ago: 500,
    updated_days_ago: 12,
    art: { hue: 40, motif: 'rings' },
    shots: [
      ['gameplay', 'AI gợi ý nước đi như kiện tướng'],
      ['stats', 'Phân tích chi tiết sau mỗi ván'],
    ],
  },
  {
    name: 'Huyền Thoại Kiếm Khách',
    url: 'huyen-thoai-kiem-khach',
    app_type: 'itms-ipa',
    developer: 'Saigon Nightowl',
    description:
      'Game kiếm hiệp nhập vai thế giới mở với đồ họa thủy mặc. Bản mod giúp tăng tốc luyện công và mở khóa bí kíp sớm. Cài trực tiếp qua Safari, không cần máy tính.',
    changelog:
      'Tăng tốc độ luyện công x5\nMở khóa toàn bộ bí kíp võ công\nDi chuyển nhanh trên bản đồ\nTự động đánh quái khi treo máy\nKhông tốn thể lực khi khinh công',
    version: '1.12.4',
    build_number: '11204',
    bundle_identifier: 'com.saigonnightowl.kiemkhach',
    minimum_os_version: '15.0',
    category: 'games',
    itms_url: null, // the store builds its own OTA manifest from the uploaded IPA
    download_count: 3391,
    created_days_ago: 120,
    updated_days_ago: 45,
    art: { hue: 340, motif: 'diamond' },
    shots: [
      ['gameplay', 'Thế giới kiếm hiệp rộng lớn'],
      ['menu', 'Bí kíp võ công mở khóa sẵn'],
      ['stats', 'Luyện công nhanh gấp 5 lần'],
    ],
    pricing: [
      { key_type: '1day', price: 10000, is_active: true },
      { key_type: '7days', price: 35000, is_active: true },
      { key_type: '30days', price: 90000, is_active: true },
    ],
    key_stock: { '1day': 3, '7days': 20, '30days': 8 },
  },
  {
    name: 'Đảo Hải Tặc Online',
    url: 'dao-hai-tac-online',
    app_type: 'testflight',
    developer: 'Blue Lagoon Interactive',
    description:
      'Phiêu lưu cùng băng hải tặc tìm kho báu trên hàng trăm hòn đảo. Bản thử nghiệm qua TestFlight, số chỗ có hạn nên hãy tham gia sớm. Mọi góp ý xin gửi qua Telegram hoặc Zalo.',
    changelog: 'Thêm chế độ săn kho báu theo nhóm\nBản đồ biển mới: Vịnh Sương Mù\nSửa lỗi văng game trên iOS 17\nTối ưu pin khi chơi lâu',
    version: '0.9.2',
    build_number: '92',
    bundle_identifier: 'com.bluelagoon.daohaitac',
    minimum_os_version: '15.0',
    category: 'games',
    download_count: 1207,
    created_days_ago: 30,
    updated_days_ago: 6,
    art: { hue: 180, motif: 'waves' },
    shots: [
      ['gameplay', 'Săn kho báu cùng đồng đội'],
      ['stats', 'Nâng cấp tàu và thủy thủ đoàn'],
      ['menu', 'Nhiều tùy chọn thử nghiệm'],
    ],
  },
  {
    name: 'Bắn Cá Đại Dương',
    url: 'ban-ca-dai-duong',
    app_type: 'testflight',
    developer: 'Coral Reef Games',
    description:
      'Game bắn cá vui nhộn với hàng chục loài cá và boss khổng lồ. Đây là bản beta đầu tiên, vừa mở đăng ký TestFlight.',
    changelog: 'Bản beta đầu tiên\n20 loài cá và 3 boss đại dương\nChế độ chơi cùng bạn bè',
    version: '0.3.0',
    build_number: '30',
    bundle_identifier: null, // TestFlight-only entry: no IPA, so no bundle id was extracted
    minimum_os_version: '16.0',
    category: 'games',
    download_count: 0,
    created_days_ago: 0.05,
    updated_days_ago: null, // never edited: the card falls back to created_at
    art: { hue: 150, motif: 'bubbles' },
    shots: [
      ['gameplay', 'Boss đại dương khổng lồ'],
      ['stats', 'Đua top cùng bạn bè'],
    ],
  },
  {
    name: 'Vườn Nấm Phiêu Lưu+',
    url: 'vuon-nam-phieu-luu-plus',
    app_type: 'tipa',
    developer: 'Mushroom Hut',
    description:
      'Game platform dễ thương về chú nấm nhỏ đi tìm khu vườn thần kỳ. Bản TIPA dành cho TrollStore, cài một lần dùng mãi, không lo bị thu hồi chứng chỉ.',
    changelog: 'Mạng vô hạn\nNhảy cao gấp đôi\nMở khóa 6 thế giới ngay từ đầu\nBỏ thời gian chờ hồi năng lượng',
    version: '4.0.2',
    build_number: '402',
    bundle_identifier: 'com.mushroomhut.vuonnam',
    minimum_os_version: '14.0',
    category: 'games',
    download_count: 6120,
    created_days_ago: 75,
    updated_days_ago: 20,
    art: { hue: 95, motif: 'stars' },
    shots: [
      ['gameplay', 'Phiêu lưu qua 6 thế giới nấm'],
      ['menu', 'Mạng vô hạn, nhảy cao gấp đôi'],
    ],
    pricing: [
      { key_type: '30days', price: 60000, is_active: true },
      { key_type: 'lifetime', price: 200000, is_active: true },
    ],
    key_stock: { '30days': 15, lifetime: 5 },
  },
  {
    name: 'NoAds Tweak',
    url: 'noads-tweak',
    app_type: 'rootless',
    developer: 'Mekong Pixel',
    description:
      'Tweak chặn quảng cáo trong game và ứng dụng phổ biến, không cần cấu hình. Dành cho thiết bị jailbreak rootless. Nhẹ, không làm hao pin.',
    changelog:
      'Chặn quảng cáo video và banner\nTự động bỏ qua màn hình chờ quảng cáo\nDanh sách ứng dụng loại trừ\n\nHỗ trợ iOS 15 đến iOS 16.6',
    version: '1.4.0',
    build_number: '140',
    bundle_identifier: 'vn.mekongpixel.noads',
    minimum_os_version: '15.0',
    category: 'utilities',
    download_count: 22950,
    created_days_ago: 300,
    updated_days_ago: 1.5,
    art: { hue: 235, motif: 'shield' },
    shots: [
      ['menu', 'Bật tắt chặn quảng cáo cho từng ứng dụng'],
      ['stats', 'Đã chặn hàng nghìn quảng cáo mỗi tuần'],
    ],
    deb: {
      summary: 'Chặn quảng cáo trong game và ứng dụng',
      targets: ['vn.lotusforge.chienbinhrong', 'com.neonasphalt.skylineracer', 'io.pixelcellar.dungeonplus'],
    },
  },
  {
    name: 'SpeedX Game Tweak',
    url: 'speedx-game-tweak',
    app_type: 'rootless',
    developer: 'Saigon Nightowl',
    description:
      'Tăng hoặc giảm tốc độ game theo ý muốn với thanh trượt nổi trên màn hình. Hoạt động với hầu hết game offline. Yêu cầu jailbreak rootless và iOS 15 trở lên.',
    changelog:
      'Tốc độ game từ x0.5 đến x10\nThanh trượt nổi, kéo thả tùy ý\nGhi nhớ tốc độ cho từng game\nBật tắt nhanh bằng nút âm lượng',
    version: '2.1.7',
    build_number: '217',
    bundle_identifier: 'com.saigonnightowl.speedx',
    minimum_os_version: '15.0',
    category: 'games',
    download_count: 11876,
    created_days_ago: 180,
    updated_days_ago: 90,
    art: null, // no icon: the UI shows the initial letter
    shots: [
      ['gameplay', 'Tốc độ x10 chỉ với một thao tác'],
      ['menu', 'Ghi nhớ tốc độ cho từng game'],
    ],
    // 7-day keys sold out, lifetime keys nearly gone.
    pricing: [
      { key_type: '1day', price: 12000, is_active: true },
      { key_type: '7days', price: 40000, is_active: true },
      { key_type: '30days', price: 100000, is_active: true },
      { key_type: 'lifetime', price: 250000, is_active: true },
    ],
    key_stock: { '1day': 30, '7days': 0, '30days': 7, lifetime: 2 },
    deb: { summary: 'Thay đổi tốc độ game bằng thanh trượt nổi', targets: ['com.mushroomhut.vuonnam', 'io.pixelcellar.dungeonplus'] },
  },
  {
    name: 'Đấu Trường Sấm Sét Skin Unlock',
    url: 'dau-truong-sam-set-skin',
    app_type: 'roothide',
    developer: 'Thunder Arena Modders',
    description:
      'Mở khóa toàn bộ trang phục và hiệu ứng trong game Đấu Trường Sấm Sét, chỉ hiển thị phía bạn. Dành cho thiết bị jailbreak roothide. Không ảnh hưởng đến tài khoản.',
    changelog: 'Mở khóa hơn 300 trang phục\nHiệu ứng chiêu thức cao cấp\nKhung avatar và biểu cảm giới hạn',
    version: '1.0.5',
    build_number: '105',
    bundle_identifier: 'vn.thunderarena.skinunlock',
    minimum_os_version: '15.0',
    category: 'games',
    download_count: 8450,
    created_days_ago: 40,
    updated_days_ago: 9,
    art: { hue: 300, motif: 'bolt' },
    shots: [
      ['gameplay', 'Trang phục giới hạn ngay trong trận'],
      ['menu', 'Chọn skin & hiệu ứng "siêu cấp"'],
      ['stats', 'Hơn 300 trang phục đã mở khóa'],
      ['gameplay', 'Hiệu ứng chiêu thức cao cấp'],
    ],
    pricing: [
      { key_type: '7days', price: 25000, is_active: true },
      { key_type: '30days', price: 70000, is_active: true },
    ],
    key_stock: { '7days': 14, '30days': 9 },
    deb: { summary: 'Mở khóa trang phục trong Đấu Trường Sấm Sét', targets: ['vn.thunderarena.game'] },
  },
  {
    name: 'FPS Unlocker 120',
    url: 'fps-unlocker-120',
    app_type: 'rootfull',
    developer: 'HanoiDev Team',
    description:
      'Mở khóa 120 FPS cho game trên màn hình tần số quét cao và giữ 60 FPS ổn định cho máy đời cũ. Dành cho thiết bị jailbreak rootful.',
    changelog: 'Mở khóa 60/90/120 FPS\nHiển thị bộ đếm FPS ở góc màn hình\nTự động hạ FPS khi máy nóng\nTương thích iOS 14',
    version: '3.0.1',
    build_number: '301',
    bundle_identifier: 'com.hanoidev.fpsunlocker',
    minimum_os_version: '14.0',
    category: 'utilities',
    download_count: 64012,
    created_days_ago: 700,
    updated_days_ago: 400, // abandoned rootful tweak: the 'a year ago' label
    art: { hue: 60, motif: 'gauge' },
    shots: [], // no media: exercises the empty gallery
    deb: { summary: 'Mở khóa 120 FPS cho game', targets: ['com.neonasphalt.skylineracer', 'vn.thunderarena.game'] },
  },
  {
    name: 'Rồng Lửa Huyền Thoại',
    url: 'rong-lua-huyen-thoai',
    app_type: 'tipa',
    status: 'failed', // must never appear on the home page
    developer: 'Lotus Forge Studio',
    description: 'Bản build thử nghiệm của Rồng Lửa Huyền Thoại. Tệp tải lên bị lỗi nên ứng dụng được ẩn khỏi cửa hàng.',
    changelog: 'Bản build nội bộ\nChưa kiểm tra trên thiết bị thật\nKhông hiển thị cho khách',
    version: '0.1.0',
    build_number: '1',
    bundle_identifier: 'vn.lotusforge.ronglua',
    minimum_os_version: '14.0',
    category: 'games',
    download_count: 57,
    created_days_ago: 2,
    updated_days_ago: 2,
    art: { hue: 20, motif: 'flame' },
    shots: [
      ['gameplay', 'Bản build lỗi, không được hiển thị'],
      ['menu', 'Chỉ quản trị viên thấy ứng dụng này'],
    ],
  },
];

/**
 * Build the demo catalogue. Pure apart from reading the committed video; same output every call.
 * @returns {{ apps: DemoApp[] }}
 */
export function demoCatalogue() {
  const video = new Uint8Array(readFileSync(VIDEO_URL));
  return { apps: APPS.map((def) => buildApp(def, video)) };
}

/**
 * @param {(typeof APPS)[number]} def
 * @param {Uint8Array} video
 * @returns {DemoApp}
 */
function buildApp(def, video) {
  const random = seededRandom(def.url);
  const features = def.changelog.split('\n').filter((line) => line.trim() !== '');
  const exec = pascalCase(def.url);

  const media = def.shots.map(([layout, caption], i) => ({
    key: `demo/media/${def.url}-${i + 1}.svg`,
    contentType: 'image/svg+xml',
    body: encoder.encode(
      screenshotSvg({ name: def.name, hue: def.art?.hue ?? 200, layout, caption, features, seed: 1 + Math.floor(random() * 997) }),
    ),
    media_type: 'image',
    duration: null,
    // The artwork's own size (art.mjs), so the gallery reserves its box before it loads.
    width: 390,
    height: 844,
  }));
  if (def.video) {
    media.push({
      key: `demo/media/${def.url}-${media.length + 1}.webm`,
      contentType: 'video/webm',
      body: video,
      media_type: 'video',
      duration: VIDEO_DURATION,
    });
  }

  const { file, deb_control, privacy, entitlements } = buildFile(def, exec, random);

  return {
    name: def.name,
    url: def.url,
    app_type: def.app_type,
    developer: def.developer,
    description: def.description,
    changelog: def.changelog,
    version: def.version,
    build_number: def.build_number,
    bundle_identifier: def.bundle_identifier,
    minimum_os_version: def.minimum_os_version,
    category: def.category,
    status: def.status ?? 'active',
    itms_url: def.app_type === 'itms-ipa' ? def.itms_url ?? null : null,
    testflight_url: def.app_type === 'testflight' ? `https://testflight.apple.com/join/${testflightCode(random)}` : null,
    download_count: def.download_count,
    created_days_ago: def.created_days_ago,
    updated_days_ago: def.updated_days_ago,
    icon: def.art
      ? { key: `demo/icons/${def.url}.svg`, contentType: 'image/svg+xml', body: encoder.encode(iconSvg({ name: def.name, ...def.art })) }
      : null,
    media,
    file,
    deb_control,
    privacy,
    entitlements,
    pricing: (def.pricing ?? []).map((p) => ({ ...p })),
    key_stock: { ...(def.key_stock ?? {}) },
  };
}

// IPA-like types get a zip; root types a .deb; TestFlight nothing (it is only a link).
function buildFile(def, exec, random) {
  if (def.app_type === 'testflight') return { file: null, deb_control: null, privacy: null, entitlements: null };

  if (def.app_type in DEB_ARCH) {
    const arch = DEB_ARCH[def.app_type];
    const prefix = def.app_type === 'rootfull' ? '' : 'var/jb/';
    const deb_control = {
      Package: def.bundle_identifier,
      Name: def.name,
      Version: def.version,
      Architecture: arch,
      Maintainer: `${def.developer} <support@${domainOf(def.bundle_identifier)}>`,
      Author: def.developer,
      Description: def.deb.summary,
      Depends: `mobilesubstrate (>= 0.9.5000), firmware (>= ${def.minimum_os_version})`,
      Section: 'Tweaks',
    };
    const body = createDeb({
      control: deb_control,
      files: [
        // Substrate filter: which processes the tweak would be injected into.
        { path: `${prefix}Library/MobileSubstrate/DynamicLibraries/${exec}.plist`, data: filterPlist(def.deb.targets) },
        {
          path: `${prefix}Library/Application Support/${exec}/README.txt`,
          data: `${def.name} ${def.version}\n\n${def.description}\n\nGói demo: không chứa mã thực thi.\n`,
        },
      ],
    });
    const filename = `${def.bundle_identifier}_${def.version}_${arch}.deb`;
    return {
      file: { key: `demo/files/${def.url}-${def.version}.deb`, contentType: 'application/vnd.debian.binary-package', filename, body },
      deb_control,
      privacy: null,
      entitlements: null,
    };
  }

  // ipa, itms-ipa (the OTA install still needs the IPA) and tipa (TrollStore: same zip layout).
  const ext = def.app_type === 'tipa' ? 'tipa' : 'ipa';
  const body = createIpa({
    name: def.name,
    executable: exec,
    bundleId: def.bundle_identifier,
    version: def.version,
    build: def.build_number,
    minOs: def.minimum_os_version,
    hue: def.art?.hue ?? 200,
    random,
    privacy: def.privacy ?? {},
    entitlements: def.entitlements ?? null,
  });
  return {
    file: { key: `demo/files/${def.url}-${def.version}.${ext}`, contentType: 'application/octet-stream', filename: `${exec}_${def.version}.${ext}`, body },
    deb_control: null,
    // Exactly what the store's IPA reader finds in this file.
    privacy: { ...(def.privacy ?? {}) },
    entitlements: Object.keys(def.entitlements ?? {}),
  };
}

function filterPlist(bundles) {
  const items = bundles.map((b) => `\t\t\t<string>${b}</string>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>Filter</key>
\t<dict>
\t\t<key>Bundles</key>
\t\t<array>
${items}
\t\t</array>
\t</dict>
</dict>
</plist>
`;
}

// 'vn.mekongpixel.noads' -> 'mekongpixel.example' (reserved TLD: no real mailbox).
function domainOf(bundleId) {
  return `${bundleId.split('.')[1]}.example`;
}

// 'pixel-dungeon-plus' -> 'PixelDungeonPlus': ASCII bundle / executable / file names.
function pascalCase(slug) {
  return slug
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

function testflightCode(random) {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let code = '';
  for (let i = 0; i < 8; i++) code += alphabet[Math.floor(random() * alphabet.length)];
  return code;
}

// mulberry32 seeded with FNV-1a of the slug: stable per app, independent of catalogue order.
function seededRandom(text) {
  let seed = 0x811c9dc5;
  for (const ch of text) seed = Math.imul(seed ^ ch.codePointAt(0), 0x01000193) >>> 0;
  return function next() {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
