// A data table (the demo chain's names in Arabic, by their English), not logic: kept whole so it reads as one glossary.
import type { Text } from "./localText.ts"

/**
 * Arabic for every text of the demo data that a buyer meets on the order journey's screens and the public pages
 * (issue 19: the site in Arabic has no English left). Keyed by the English text, so the seed's tables keep their
 * three-language rows and gain the fourth here. "Marquee" (the chain) and "XL" (a hall format) stay as written,
 * as in Russian; "VIP" becomes كبار الشخصيات.
 */
const ARABIC: Readonly<Record<string, string>> = {
  // films
  "A Night at the Library": "ليلة في المكتبة",
  "A Summer in Belleville": "صيف في بيلفيل",
  "A Wedding in the Galilee": "عرس في الجليل",
  "Code Red at the Harbour": "إنذار أحمر في الميناء",
  "Dad's Bees": "نحل أبي",
  "Giant of the Wind": "عملاق الريح",
  "Grandma on Board": "جدّتي على متن الطائرة",
  "Kingdom of Hedgehogs": "مملكة القنافذ",
  "Legend of the Red Sea": "أسطورة البحر الأحمر",
  "Love on Bus Line 5": "حبّ على خط الحافلة 5",
  "Mika and the Lost Star": "ميكا والنجمة الضائعة",
  "Mother's Violin": "كمان أمّي",
  "Operation Midnight Sun": "عملية شمس منتصف الليل",
  "Race to the Stars": "سباق إلى النجوم",
  "Roots in the Sand": "جذور في الرمال",
  "Shadow over Carmel": "ظلّ فوق الكرمل",
  "The Actress from Odessa": "الممثلة من أوديسا",
  "The Dragon on the Third Floor": "التنّين في الطابق الثالث",
  "The Kindergarten Teacher Fights Back": "معلّمة الروضة تردّ الصاع",
  "The Last Navigator": "الملّاح الأخير",
  "The Light Between Tides": "الضوء بين المدّ والجزر",
  "The Lighthouse Keeps Silent": "صمت المنارة",
  "The Little Detective": "المحقّقة الصغيرة",
  "The Warsaw Clock": "ساعة وارسو",
  // film categories
  Action: "أكشن",
  Animation: "رسوم متحركة",
  Comedy: "كوميديا",
  Documentary: "وثائقي",
  Drama: "دراما",
  Kids: "أطفال",
  Romance: "رومانسي",
  Thriller: "تشويق",
  // locations, their cities and addresses
  "Marquee Head Office": "Marquee – الإدارة العامة",
  "Marquee Tel Aviv Port": "Marquee ميناء تل أبيب",
  "Marquee Jerusalem Station": "Marquee القدس – المحطة",
  "Marquee Haifa Carmel": "Marquee حيفا الكرمل",
  "Marquee Be'er Sheva": "Marquee بئر السبع",
  "Marquee Rishon LeZion": "Marquee ريشون لتسيون",
  "Marquee at Home": "Marquee في البيت",
  "Tel Aviv-Yafo": "تل أبيب - يافا",
  Jerusalem: "القدس",
  Haifa: "حيفا",
  "Be'er Sheva": "بئر السبع",
  "Rishon LeZion": "ريشون لتسيون",
  "132 Menachem Begin Rd": "طريق مناحيم بيغن 132",
  "Hangar 9, Tel Aviv Port": "الحظيرة 9، ميناء تل أبيب",
  "4 David Remez St": "شارع دافيد ريمز 4",
  "55 Moriya Blvd": "جادة موريا 55",
  "21 Yitzhak Rager Blvd": "جادة يتسحاق ريغر 21",
  "1 Marquee Ave, West Park": "جادة Marquee 1، الحديقة الغربية",
  Streaming: "بثّ عبر الإنترنت",
  // halls and their sections
  "VIP Lounge": "صالة كبار الشخصيات",
  "Marquee XL": "قاعة Marquee XL",
  "Club Hall": "قاعة النادي",
  "Event Stage": "منصّة الفعاليات",
  "Concert Hall": "قاعة الحفلات",
  "VIP Be'er Sheva": "كبار الشخصيات بئر السبع",
  "Open-Air Amphitheatre": "المدرّج المكشوف",
  Stalls: "الصالة",
  VIP: "كبار الشخصيات",
  Left: "الجهة اليسرى",
  Centre: "الوسط",
  Right: "الجهة اليمنى",
  "Standing bar": "بار الوقوف",
  "General admission": "دخول عام",
  Floor: "الساحة",
  Balcony: "الشرفة",
  Bar: "البار",
  // video on demand
  "48-hour rental": "تأجير لمدة 48 ساعة",
  "Digital purchase": "شراء رقمي",
  "Live online screening": "عرض مباشر عبر الإنترنت",
  "Club library": "مكتبة النادي",
  // ticket kinds and groups
  Regular: "عادي",
  Child: "طفل",
  "Senior citizen (ID required)": "مواطن مسنّ (بإبراز البطاقة)",
  Soldier: "جندي",
  Student: "طالب",
  "Club member": "عضو النادي",
  "Hotel guest": "نزيل الفندق",
  "For two": "لشخصين",
  Rental: "تأجير",
  Tickets: "تذاكر",
  "3D tickets": "تذاكر ثلاثية الأبعاد",
  "VIP sofa": "أريكة كبار الشخصيات",
  "VIP bed": "سرير كبار الشخصيات",
  "Premium seats": "مقاعد مميّزة",
  "XL tickets": "تذاكر XL",
  "XL 3D tickets": "تذاكر XL ثلاثية الأبعاد",
  "Amphitheatre tickets": "تذاكر المدرّج",
  "Watch at home": "مشاهدة في البيت",
  "Service charge": "رسوم الخدمة",
  // extras
  "Small popcorn": "فشار صغير",
  "Medium popcorn": "فشار وسط",
  "Large popcorn": "فشار كبير",
  "Soft drink": "مشروب غازي",
  "Mineral water": "مياه معدنية",
  "Draught beer": "بيرة من البرميل",
  "Nachos with cheese": "ناتشوز بالجبن",
  "Hot dog": "هوت دوغ",
  "Couple combo": "وجبة كومبو لشخصين",
  "Kids combo": "وجبة كومبو للأطفال",
  "3D glasses": "نظّارات ثلاثية الأبعاد",
  "Chocolate bar": "لوح شوكولاتة",
  "Ice cream": "بوظة",
  "VIP platter to your seat": "طبق كبار الشخصيات إلى مقعدك",
  // partners' mini-sites
  "TechPlus Employees' Club": "نادي موظفي تك بلس",
  "Club ticket": "تذكرة النادي",
  "Club child ticket": "تذكرة طفل للنادي",
  "Student Union": "اتحاد الطلاب",
  "Student ticket": "تذكرة طالب",
  // points of sale
  "Box office": "شبّاك التذاكر",
  "Call centre": "مركز الاتصال",
  "Mobile app": "تطبيق الهاتف",
  "Self-service kiosk": "كشك الخدمة الذاتية",
  Website: "الموقع الإلكتروني",
}

/** Arabic letters in their customary order (أبجد), for the amphitheatre's blocks A to H. */
const ARABIC_LETTERS = "أبجدهوزح"

/** Numbered halls ("Hall 3") and lettered blocks ("Block C") follow one pattern each. */
export const arabicOf = (english: string): string | undefined => {
  const hall = /^Hall (\d+)$/.exec(english)
  if (hall !== null) return `قاعة ${hall[1]}`
  const block = /^Block ([A-H])$/.exec(english)
  if (block !== null) return `قطاع ${ARABIC_LETTERS["ABCDEFGH".indexOf(block[1] ?? "A")]}`
  return ARABIC[english]
}

/** The text with its Arabic, where the glossary has it (the app falls back to English where it has not). */
export const withArabic = (text: Text): Text => {
  const ar = arabicOf(text.en)
  return ar === undefined ? text : { ...text, ar }
}
