import { PANEL_PAGES, type PanelPageKey } from '../../routes/panel/menu';

/**
 * Yardım: the Turkish help catalogue, one or more topics per panel screen (product.md 2 route table).
 * `kind` "sss" is a question users ask, "nasil" a step-by-step how-to. Keep every text here, not in the
 * page, so the catalogue can be read and corrected in one place.
 */
export interface HelpTopic {
  id: string;
  /** The screen the topic is about (its menu label and path come from PANEL_PAGES). */
  page: PanelPageKey | 'help';
  kind: 'sss' | 'nasil';
  title: string;
  body: string;
  /** Other words users type when they look for this (synonyms, older names). */
  keywords?: string;
}

export const HELP_TOPICS: HelpTopic[] = [
  {
    id: 'home-overview',
    page: 'home',
    kind: 'sss',
    title: 'Ana Sayfa neleri gösterir?',
    body: 'Ana Sayfa kurumunuzun günlük özetidir: ödemesi yaklaşan veya geciken öğrenciler (Ödeme Takibi), kaydı olmayan öğrenciler ve eksik bilgileri olan kayıtlar burada listelenir.',
    keywords: 'özet gösterge paneli dashboard',
  },
  {
    id: 'home-due-list',
    page: 'home',
    kind: 'nasil',
    title: 'Ödeme bekleyen öğrencilerin listesini nasıl indiririm?',
    body: 'Ana Sayfa’da Ödeme Takibi bölümünün yanındaki "Listeyi indir" düğmesine basın. Liste Excel (.xlsx) olarak iner; borçlar TL olarak yazılır.',
    keywords: 'borç borçlu tahsilat excel indir',
  },
  {
    id: 'inbox-messages',
    page: 'inbox',
    kind: 'sss',
    title: 'Gelen Kutusu’nda neler var?',
    body: 'Kuruma davetler ve sistemden gelen bildirimler Gelen Kutusu’nda görünür. Bir mesajı açtığınızda okundu olarak işaretlenir; davetleri buradan kabul edebilir veya reddedebilirsiniz.',
    keywords: 'mesaj bildirim davet kabul',
  },
  {
    id: 'courses-add',
    page: 'courses',
    kind: 'nasil',
    title: 'Yeni kurs nasıl eklerim?',
    body: 'Kurslar sayfasında "Kurs ekle" düğmesine basın, kursun adını ve açıklamasını yazın, grup veya özel ders olduğunu seçip kaydedin. Kurslar sıra numarasına göre listelenir.',
    keywords: 'ders branş yeni kurs',
  },
  {
    id: 'courses-delete',
    page: 'courses',
    kind: 'sss',
    title: 'Sildiğim bir kursu geri alabilir miyim?',
    body: 'Evet. Silinen kurslar ayrı bir listede durur ve oradan geri yüklenebilir. Bir kursu silmek ona bağlı ders programlarını da kaldırır; programlar geri gelmez.',
    keywords: 'geri yükle çöp kutusu',
  },
  {
    id: 'logs-read',
    page: 'logs',
    kind: 'sss',
    title: 'İşlem Dökümü nedir?',
    body: 'Kurumunuzda yapılan her işlem (öğrenci kaydı, ödeme, yoklama, kurs değişikliği…) kimin, ne zaman ve hangi cihazdan yaptığıyla birlikte burada listelenir. İşlem türüne göre süzebilirsiniz; reddedilen denemeler "başarısız" olarak görünür.',
    keywords: 'log kayıt geçmiş denetim kim yaptı',
  },
  {
    id: 'users-invite',
    page: 'users',
    kind: 'nasil',
    title: 'Kuruma yeni kullanıcı nasıl davet ederim?',
    body: 'Kullanıcılar sayfasında "Kullanıcı davet et" düğmesine basın, kişinin e-posta adresini ve rolünü (yönetici, personel, eğitmen, öğrenci) seçin. Davet kişinin e-postasına ve Gelen Kutusu’na gider; kabul edince kurumunuzda görünür. Yanıt bekleyen davetler aynı sayfada Bekleyen davetler bölümünde listelenir: e-posta davetini yeniden gönderebilir (eski bağlantı geçersiz olur) ya da daveti iptal edebilirsiniz.',
    keywords: 'personel ekle rol yetki davet bekleyen yeniden gönder iptal',
  },
  {
    id: 'users-roles',
    page: 'users',
    kind: 'sss',
    title: 'Roller arasındaki fark nedir?',
    body: 'Kurum sahibi ve yöneticiler her sayfayı görür; personel öğrenci ve yoklama işlerini yapar; eğitmenler Ana Sayfa ve yoklamalarla çalışır; öğrenciler yalnızca Gelen Kutusu ve Ayarlar’ı görür.',
    keywords: 'yetki izin yönetici eğitmen personel',
  },
  {
    id: 'settings-password',
    page: 'settings',
    kind: 'nasil',
    title: 'Şifremi nasıl değiştiririm?',
    body: 'Ayarlar’da Şifre bölümüne mevcut şifrenizi ve yeni şifrenizi yazıp kaydedin. Şifre değişince diğer cihazlardaki oturumlarınız kapanır.',
    keywords: 'parola şifre değiştir güvenlik',
  },
  {
    id: 'settings-not-me',
    page: 'settings',
    kind: 'sss',
    title: 'Tanımadığım bir giriş görürsem ne yapmalıyım?',
    body: 'Ayarlar’daki Hesap Hareketleri bölümü girişlerinizi zaman, IP adresi ve cihazla gösterir. Tanımadığınız bir hareket varsa "Bu ben değildim" düğmesine basın; şifrenizi girdikten sonra tüm oturumlarınız kapanır. Ardından şifrenizi değiştirin.',
    keywords: 'güvenlik oturum hack şüpheli giriş cihaz',
  },
  {
    id: 'settings-sessions',
    page: 'settings',
    kind: 'nasil',
    title: 'Başka bir cihazdaki oturumu nasıl kapatırım?',
    body: 'Ayarlar’daki Oturumlar listesinde o cihazın satırında "Sonlandır" düğmesine basın ve mevcut şifrenizi girin. O cihazda yeniden giriş yapmak gerekir.',
    keywords: 'çıkış oturum cihaz telefon',
  },
  {
    id: 'students-find',
    page: 'students',
    kind: 'nasil',
    title: 'Bir öğrenciyi nasıl bulurum?',
    body: 'Öğrenciler sayfasındaki arama kutusuna adın, soyadın, öğrenci numarasının veya telefonun bir kısmını yazın. Aktif kaydı olmayan öğrenciler gizlidir; görmek için "Pasif öğrencileri göster" kutusunu işaretleyin.',
    keywords: 'ara bul liste pasif',
  },
  {
    id: 'students-export',
    page: 'students',
    kind: 'nasil',
    title: 'Öğrenci listesini Excel’e nasıl aktarırım?',
    body: 'Öğrenciler sayfasındaki "Dışa aktar" düğmesiyle liste Excel (.xlsx) veya CSV olarak iner. Silinmiş öğrenciler "Silinmiş" olarak işaretlenir.',
    keywords: 'excel csv indir dışa aktar',
  },
  {
    id: 'student-register',
    page: 'studentRegister',
    kind: 'nasil',
    title: 'Yeni öğrenci nasıl kaydederim?',
    body: 'Öğrenci Kayıt sayfasında öğrencinin adını, soyadını, doğum tarihini ve iletişim bilgilerini girin; isterseniz T.C. kimlik numarası ve veli bilgilerini de ekleyin. Kaydedince öğrencinin detay sayfası açılır; kurs kaydını oradan yaparsınız.',
    keywords: 'kayıt ekle yeni öğrenci veli tckn',
  },
  {
    id: 'student-import',
    page: 'studentImport',
    kind: 'nasil',
    title: 'Mevcut öğrenci listemi Excel veya CSV dosyasından nasıl aktarırım?',
    body: 'Öğrenciler sayfasında "İçe aktar" düğmesine basın ve .xlsx veya .csv dosyanızı seçin; ilk satır sütun başlıkları olmalıdır. Sütunlar başlıklarına göre (Adı, Soyadı, T.C. Kimlik No, Doğum Tarihi, Telefon, Veli...) eşleştirilir, dilerseniz değiştirin. Önizleme her satırı kayıt formundaki kurallarla denetler; "içe aktar" düğmesi geçerli satırları ekler. Reddedilen satırları nedenleriyle CSV olarak indirip düzeltebilir ve dosyayı yeniden yükleyebilirsiniz: daha önce eklenen öğrenciler ikinci kez eklenmez.',
    keywords: 'içe aktar excel csv xlsx liste toplu yükle taşı',
  },
  {
    id: 'student-edit',
    page: 'studentEdit',
    kind: 'sss',
    title: 'Öğrenci bilgilerini nasıl düzeltirim?',
    body: 'Öğrencinin detay sayfasında "Düzenle" düğmesine basın; açılan formda değişiklikleri yapıp kaydedin. Her değişiklik İşlem Dökümü’ne yazılır.',
    keywords: 'düzenle güncelle telefon adres',
  },
  {
    id: 'student-enroll',
    page: 'studentDetail',
    kind: 'nasil',
    title: 'Öğrenciyi bir kursa nasıl kaydederim?',
    body: 'Öğrencinin detay sayfasında Kayıtlar bölümünden "Kayıt ekle"ye basın, kursu, başlangıç tarihini, ücreti ve ücretin ders başına mı dönemlik mi olduğunu seçin. Kaydı bitirmek için bitiş tarihi verin; biten kayıtlar ayrı listelenir.',
    keywords: 'kayıt kurs ücret dönem',
  },
  {
    id: 'student-payment',
    page: 'studentDetail',
    kind: 'nasil',
    title: 'Ödeme nasıl alırım ve makbuz nasıl veririm?',
    body: 'Öğrencinin detay sayfasında Ödemeler bölümünden "Ödeme ekle"ye basın, tutarı, tarihi ve kursu girin. Bakiye hemen güncellenir; Hesap Ekstresi PDF’ini buradan indirebilirsiniz.',
    keywords: 'tahsilat makbuz bakiye borç ekstre',
  },
  {
    id: 'student-balance',
    page: 'studentDetail',
    kind: 'sss',
    title: 'Bakiye neden eksi görünüyor?',
    body: 'Artı bakiye peşin ödeme demektir; sıfır veya eksi bakiye ödeme zamanının geldiğini gösterir (sıfırda sonraki 4 dersin ödemesi beklenir). Bakiye, katılınan derslerin ve dönem ücretlerinin alınan ödemelerden düşülmesiyle hesaplanır.',
    keywords: 'borç alacak hesap bakiye',
  },
  {
    id: 'attendances-list',
    page: 'attendances',
    kind: 'sss',
    title: 'Yoklamalar sayfasında neler var?',
    body: 'Alınmış tüm yoklamalar tarih, kurs ve eğitmenle listelenir. Kursa veya tarihe göre süzebilir, bir yoklamayı açıp kimlerin katıldığını görebilirsiniz.',
    keywords: 'devam katılım ders',
  },
  {
    id: 'attendance-add',
    page: 'attendanceAdd',
    kind: 'nasil',
    title: 'Yoklama nasıl alırım?',
    body: 'Yoklamalar sayfasında "Yoklama al"a basın (veya Programlar’daki dersten "Yoklama al"ı seçin; kurs ve eğitmen dolu gelir). Derse katılan öğrencileri işaretleyip kaydedin; ders başına ücretli kayıtlarda bakiye buna göre işler. Kapanmış kayıtlara yoklama girilemez.',
    keywords: 'yoklama al katılım devamsızlık',
  },
  {
    id: 'attendance-edit',
    page: 'attendanceEdit',
    kind: 'sss',
    title: 'Yanlış girilen yoklamayı nasıl düzeltirim?',
    body: 'Yoklamanın detayını açıp "Düzenle"ye basın, katılımcıları veya tarihi düzeltip kaydedin. Gerekirse yoklamayı silebilirsiniz; bakiyeler yeniden hesaplanır.',
    keywords: 'düzelt sil yoklama',
  },
  {
    id: 'attendance-detail',
    page: 'attendanceDetail',
    kind: 'sss',
    title: 'Bir dersin katılımcılarını nerede görürüm?',
    body: 'Yoklamalar listesinde dersin satırına basın; Yoklama Detayı sayfası tarih, kurs, eğitmen ve katılan öğrencileri gösterir.',
    keywords: 'katılımcı detay',
  },
  {
    id: 'accounting-entries',
    page: 'accounting',
    kind: 'nasil',
    title: 'Gider veya gelir kaydı nasıl girerim?',
    body: 'Muhasebe sayfasında "Kayıt ekle"ye basın, türünü (gelir veya gider; maaş gibi alt türler), tutarı ve tarihi girin. Ay görünümünde toplamlar ve net tutar görünür; yanlış bir kayıt ters kayıtla geri alınır.',
    keywords: 'gider gelir kasa maaş fatura muhasebe',
  },
  {
    id: 'accounting-export',
    page: 'accounting',
    kind: 'nasil',
    title: 'Muhasebe kayıtlarını nasıl indiririm?',
    body: 'Muhasebe sayfasındaki "Kayıtları indir" ve "Ödemeleri indir" düğmeleri listeleri Excel veya CSV olarak indirir; giderler eksi tutarla yazılır, böylece sütunun toplamı net tutarı verir.',
    keywords: 'excel csv rapor muhasebeci',
  },
  {
    id: 'statistics-read',
    page: 'statistics',
    kind: 'sss',
    title: 'İstatistikler neyi gösterir?',
    body: 'Seçtiğiniz dönemde ders sayıları, katılım, gelirler ve öğrencilerin yaş grupları grafiklerle gösterilir. Dönemi sayfanın üstünden değiştirebilirsiniz.',
    keywords: 'rapor grafik analiz',
  },
  {
    id: 'groups-members',
    page: 'groups',
    kind: 'nasil',
    title: 'Grup (sınıf) nasıl oluşturur ve öğrenci eklerim?',
    body: 'Gruplar sayfasında "Grup ekle"ye basıp adını girin. Grubun satırından "Üyeler"i açıp öğrencileri ekleyin veya çıkarın. Gruplar ders programlarında ve not girişinde kullanılır.',
    keywords: 'sınıf grup üye',
  },
  {
    id: 'sms-send',
    page: 'sms',
    kind: 'nasil',
    title: 'Toplu SMS nasıl gönderirim?',
    body: 'SMS sayfasında alıcıları seçin (öğrenci, veli 1, veli 2); "İzinli tüm numaraları seç" veya "Öğrenci başına ilk izinli numara" ile hızlıca seçebilirsiniz. Metni yazıp gönderin. Yalnızca SMS izni (ONAY) veren numaralara gönderilir.',
    keywords: 'mesaj sms toplu duyuru',
  },
  {
    id: 'sms-credits',
    page: 'sms',
    kind: 'sss',
    title: 'SMS kredim biterse ne olur?',
    body: 'Kredi yetmezse gönderim yapılmaz. "SMS Kredisi Satın Al" ile paket alabilirsiniz; ödeme kartla güvenli sayfada yapılır ve kredi hemen yüklenir.',
    keywords: 'kredi paket satın al',
  },
  {
    id: 'sms-consent',
    page: 'sms',
    kind: 'sss',
    title: 'Veliler SMS iznini nasıl verir?',
    body: 'Veli, paylaşılan numaraya ONAY yazarak veya QR kodla açılan onay sayfasından izin verir; RET yazarak izni geri alır. İzni olmayan numaralar seçilemez.',
    keywords: 'izin onay ret kvkk qr',
  },
  {
    id: 'schedules-add',
    page: 'schedules',
    kind: 'nasil',
    title: 'Ders programı nasıl oluştururum?',
    body: 'Programlar sayfasında "Program ekle"ye basın, kursu, grubu veya öğrencileri, eğitmeni, günü ve saati seçin; tek seferlik ya da periyodik (her hafta) olabilir. Takvimde hafta görünümünde görürsünüz.',
    keywords: 'takvim ders saati program haftalık',
  },
  {
    id: 'schedules-feeds',
    page: 'schedules',
    kind: 'nasil',
    title: 'Ders programını telefonumun takvimine nasıl eklerim?',
    body: 'Programlar sayfasındaki "Takvim Bağlantıları" bölümünden tüm kurum, bir eğitmen, bir grup veya bir öğrenci için bağlantı oluşturun ve telefonunuzun takvim uygulamasına abone olun.',
    keywords: 'ics google takvim abonelik',
  },
  {
    id: 'instructors-add',
    page: 'instructors',
    kind: 'nasil',
    title: 'Eğitmen nasıl eklerim?',
    body: 'Eğitmenler sayfasında "Eğitmen ekle"ye basın, adını, iletişim bilgilerini ve verdiği kursları girin. Ücreti ders başına veya dönemlik tanımlanabilir; maaş dönemleri eğitmenin satırından yönetilir.',
    keywords: 'öğretmen hoca eğitmen maaş',
  },
  {
    id: 'employees-add',
    page: 'employees',
    kind: 'nasil',
    title: 'Çalışan nasıl eklerim?',
    body: 'Çalışanlar sayfasında "Çalışan ekle"ye basın, adını, görevini ve ücret bilgisini girin. Silinen çalışanlar ayrı listede durur ve geri yüklenebilir.',
    keywords: 'personel çalışan maaş',
  },
  {
    id: 'help-search',
    page: 'help',
    kind: 'sss',
    title: 'Aradığımı bulamazsam ne yapmalıyım?',
    body: 'Arama kutusuna farklı bir kelime deneyin (Türkçe karakterler olmadan da arayabilirsiniz). Bulamazsanız destek ekibine e-posta ile yazın; hangi sayfada ne yapmak istediğinizi belirtin.',
    keywords: 'destek iletişim',
  },
];

/** Turkish lower case without diacritics, so "ogrenci", "ÖĞRENCİ" and "öğrenci" all match. */
export function normalizeForSearch(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** The screen's menu label for a topic. */
export function topicScreen(t: HelpTopic): string {
  return t.page === 'help' ? 'Yardım' : PANEL_PAGES[t.page].label;
}

/** Topics whose title, text, keywords or screen contain every word of the query (in any order). */
export function searchHelp(query: string, topics: HelpTopic[] = HELP_TOPICS): HelpTopic[] {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return topics;
  return topics.filter((t) => {
    const haystack = normalizeForSearch(`${t.title} ${t.body} ${t.keywords ?? ''} ${topicScreen(t)}`);
    return words.every((w) => haystack.includes(w));
  });
}
