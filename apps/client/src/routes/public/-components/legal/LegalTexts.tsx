import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BRAND_NAME, FOUNDED_YEAR } from '../../../../config/brand';
import { planCards } from '../../../../features/checkout/plans';
import type { PublicInfo } from '../../../../features/public-info/queries';
import type { LegalDocument } from './documents';

export type Company = PublicInfo['company'];

/** While the company details load, each shows as an ellipsis rather than an empty gap. */
const show = (value: string | undefined) => (value && value.trim() !== '' ? value : '…');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.75 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function P({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ mb: 1, lineHeight: 1.7 }}>
      {children}
    </Typography>
  );
}

function List({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, my: 0.5, '& li': { mb: 0.5 } }}>
      {items.map((item, i) => (
        <Typography key={i} component="li" variant="body2" sx={{ lineHeight: 1.7 }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/** The company's details as one block (seller of the contract, data controller of the privacy notice). */
function CompanyLines({ company }: { company?: Company }) {
  return (
    <List
      items={[
        <>Unvan: {show(company?.name)}</>,
        <>Adres: {show(company?.address)}</>,
        <>E-posta: {show(company?.email)}</>,
        <>Telefon: {show(company?.phone)}</>,
        <>KEP adresi: {show(company?.kep)}</>,
        <>
          Vergi dairesi ve numarası: {show(company?.taxOffice)} / {show(company?.taxNumber)}
        </>,
        <>MERSİS numarası: {show(company?.mersis)}</>,
      ]}
    />
  );
}

/** Gizlilik Politikası: the KVKK (6698) information notice of product.md 2. */
export function PrivacyPolicy({ company }: { company?: Company }) {
  const name = show(company?.name);
  const email = show(company?.email);
  return (
    <>
      <P>
        Bu aydınlatma metni, 6698 sayılı Kişisel Verilerin Korunması Kanunu (&quot;KVKK&quot;) 10. maddesi ve
        Aydınlatma Yükümlülüğünün Yerine Getirilmesinde Uyulacak Usul ve Esaslar Hakkında Tebliğ uyarınca,
        veri sorumlusu sıfatıyla {name} (&quot;Şirket&quot;) tarafından hazırlanmıştır.
      </P>
      <Section title="1. Kapsam">
        <P>
          Bu metin; {BRAND_NAME} web sitesini ziyaret eden, kurum kaydı oluşturan, abonelik satın alan kişiler
          ile kurumların panele davet ettiği kullanıcıların (yönetici, personel, eğitmen) kişisel verilerini
          kapsar.
        </P>
        <P>
          Kurumların panele kaydettiği öğrenci, veli, eğitmen ve çalışan bilgileri bakımından veri sorumlusu
          ilgili kurumdur. Şirket bu veriler bakımından KVKK anlamında veri işleyen olarak, yalnızca kurumun
          talimatı ve hizmetin sunulması amacıyla hareket eder; bu kişilerin başvuruları ilgili kuruma
          yöneltilmelidir.
        </P>
      </Section>
      <Section title="2. İşlenen kişisel veriler">
        <List
          items={[
            'Kimlik: ad, soyad, T.C. kimlik numarası.',
            'İletişim: e-posta adresi, telefon numarası, kurum adresi.',
            'Müşteri işlem: kurum adı ve türü, şirket türü, vergi kimlik numarası, çalışan sayısı, abonelik, ödeme ve fatura kayıtları.',
            'İşlem güvenliği: şifrenizin geri döndürülemez özeti (şifrenin kendisi saklanmaz), IP adresi, tarayıcı ve cihaz bilgisi, oturum ve işlem kayıtları.',
            'Pazarlama: ticari elektronik ileti (iletişim) izniniz ve bu iznin tarihi.',
          ]}
        />
        <P>
          Kart bilgileriniz ödeme sırasında doğrudan bankanın 3-D Secure sayfasına girilir; kart numaranız
          Şirket tarafından görülmez ve saklanmaz.
        </P>
      </Section>
      <Section title="3. İşleme amaçları ve hukuki sebepler">
        <List
          items={[
            'Hesabınızın ve kurum kaydınızın oluşturulması, hizmetin sunulması, aboneliğin ve ödemenin yürütülmesi (KVKK m. 5/2-c: sözleşmenin kurulması ve ifası).',
            'Fatura düzenlenmesi, vergi ve ticaret mevzuatı ile 5651 sayılı Kanun kapsamındaki kayıt yükümlülüklerinin yerine getirilmesi (KVKK m. 5/2-ç: hukuki yükümlülük).',
            'Hesap ve işlem güvenliğinin sağlanması, yetkisiz erişim ve kötüye kullanımın önlenmesi, destek taleplerinin yanıtlanması (KVKK m. 5/2-f: meşru menfaat).',
            'Olası uyuşmazlıklarda hakların tesisi, kullanılması ve korunması (KVKK m. 5/2-e).',
            'Kampanya, yenilik ve duyurulara ilişkin ticari elektronik iletilerin gönderilmesi (6563 sayılı Kanun uyarınca verdiğiniz iletişim izni; izninizi dilediğiniz zaman geri alabilirsiniz).',
          ]}
        />
      </Section>
      <Section title="4. Toplama yöntemi">
        <P>
          Kişisel verileriniz; kayıt ve ödeme formları, panelin kullanımı, e-posta yazışmaları ve oturumun
          sürdürülmesi için zorunlu tarayıcı depolaması aracılığıyla, elektronik ortamda otomatik ya da kısmen
          otomatik yollarla toplanır.
        </P>
      </Section>
      <Section title="5. Kişisel verilerin aktarılması">
        <P>
          Kişisel verileriniz yukarıdaki amaçlarla ve KVKK m. 8 ve 9&apos;a uygun olarak; ödemenin alınması
          için banka ve ödeme kuruluşlarına, hizmetin sunulması için barındırma, e-posta ve SMS hizmeti
          aldığımız tedarikçilere, mali ve hukuki danışmanlarımıza ve talep hâlinde kanunen yetkili kamu kurum
          ve kuruluşlarına aktarılabilir. Verileriniz satılmaz ve reklam amacıyla üçüncü kişilerle
          paylaşılmaz.
        </P>
      </Section>
      <Section title="6. Saklama süresi">
        <P>
          Veriler, sözleşme ilişkisi süresince ve ilgili mevzuatın öngördüğü süreler boyunca (örneğin ticari
          defter ve belgeler için 10 yıl) saklanır; süre sona erdiğinde silinir, yok edilir veya anonim hâle
          getirilir.
        </P>
      </Section>
      <Section title="7. KVKK 11. madde kapsamındaki haklarınız">
        <P>Veri sahibi olarak Şirket&apos;e başvurarak:</P>
        <List
          items={[
            'kişisel verilerinizin işlenip işlenmediğini öğrenme,',
            'işlenmişse buna ilişkin bilgi talep etme,',
            'işlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme,',
            'yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,',
            'eksik veya yanlış işlenmişse düzeltilmesini isteme,',
            'KVKK 7. maddedeki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,',
            'düzeltme, silme ve yok etme işlemlerinin verilerin aktarıldığı üçüncü kişilere bildirilmesini isteme,',
            'münhasıran otomatik sistemlerle analiz edilmesi suretiyle aleyhinize bir sonucun ortaya çıkmasına itiraz etme,',
            'kanuna aykırı işlenmesi sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme',
          ]}
        />
        <P>haklarına sahipsiniz.</P>
      </Section>
      <Section title="8. Başvuru">
        <P>
          Haklarınıza ilişkin taleplerinizi, kimliğinizi tespit edici bilgilerle birlikte sistemimizde kayıtlı
          e-posta adresinizden <strong>{email}</strong> adresine, KEP adresimiz {show(company?.kep)} üzerinden
          ya da yazılı olarak {show(company?.address)} adresine iletebilirsiniz. Başvurular, Veri Sorumlusuna
          Başvuru Usul ve Esasları Hakkında Tebliğ uyarınca en geç otuz gün içinde ücretsiz olarak
          sonuçlandırılır; işlemin ayrıca bir maliyet gerektirmesi hâlinde Kişisel Verileri Koruma Kurulunca
          belirlenen tarifedeki ücret alınabilir.
        </P>
      </Section>
      <Section title="9. Veri sorumlusu">
        <CompanyLines company={company} />
      </Section>
    </>
  );
}

/** Mesafeli Satış Sözleşmesi (product.md 2; api.md 9.6: 14-day withdrawal when the service has not started). */
export function DistanceSalesContract({ company }: { company?: Company }) {
  const email = show(company?.email);
  return (
    <>
      <Section title="Madde 1 – Taraflar">
        <P>
          <strong>Satıcı:</strong>
        </P>
        <CompanyLines company={company} />
        <P>
          <strong>Alıcı:</strong> {BRAND_NAME} kurum kayıt formunda bilgilerini veren ve ödeme sayfasında
          aboneliği satın alan gerçek veya tüzel kişi. Alıcının iletişim bilgileri kayıt formunda beyan ettiği
          bilgilerdir.
        </P>
      </Section>
      <Section title="Madde 2 – Konu">
        <P>
          Bu sözleşmenin konusu, Alıcının ödeme sayfasında seçtiği süre boyunca {BRAND_NAME} kurum yönetim
          yazılımının (öğrenci, kurs kaydı, yoklama, ödeme ve bakiye, not, eğitmen, çalışan, grup, program,
          SMS, muhasebe ve kullanıcı yönetimi modülleri) elektronik ortamda kullanım hakkının sağlanmasına
          ilişkin olarak tarafların 6502 sayılı Tüketicinin Korunması Hakkında Kanun ve Mesafeli Sözleşmeler
          Yönetmeliği hükümlerine göre hak ve yükümlülüklerinin belirlenmesidir.
        </P>
      </Section>
      <Section title="Madde 3 – Hizmet ve bedel">
        <P>
          Tüm modüller tek fiyata dâhildir; öğrenci, çalışan, eğitmen, yoklama ve sınıf sayısında sınır
          yoktur. Abonelik seçenekleri ve vergiler dâhil toplam bedelleri:
        </P>
        <List items={planCards().map((c) => `${c.name} abonelik: ${c.priceText}`)} />
        <P>
          Ödeme, banka veya kredi kartıyla, bankanın 3-D Secure güvenli ödeme sayfası üzerinden tek seferde
          alınır. Ödeme sayfasında gösterilen tutar, Alıcının ödeyeceği toplam tutardır.
        </P>
      </Section>
      <Section title="Madde 4 – İfa ve teslim">
        <P>
          Hizmet elektronik ortamda ifa edilir; fiziksel bir teslimat yapılmaz. Ödemenin banka tarafından
          onaylanmasıyla kurumun üyeliği derhâl etkinleştirilir ve abonelik süresi ödeme tarihinden, üyeliği
          devam eden kurumlarda mevcut üyeliğin bitiminden itibaren işlemeye başlar. Satıcı, hizmeti abonelik
          süresi boyunca kesintisiz sunmak için makul özeni gösterir; planlı bakım çalışmaları önceden
          duyurulur.
        </P>
      </Section>
      <Section title="Madde 5 – Cayma hakkı">
        <P>
          Alıcı, sözleşmenin kurulduğu (ödemenin yapıldığı) tarihten itibaren <strong>14 gün</strong> içinde,
          hizmetin ifasına başlanmamış olması kaydıyla, herhangi bir gerekçe göstermeksizin ve cezai şart
          ödemeksizin cayma hakkını kullanabilir. Cayma bildirimi {email} adresine e-posta ile veya KEP
          adresimize yazılı olarak yapılır.
        </P>
        <P>
          Mesafeli Sözleşmeler Yönetmeliği&apos;nin 15. maddesi uyarınca, cayma süresi sona ermeden önce
          Alıcının onayıyla ifasına başlanan hizmetlerde (kurum panelinin kullanılmaya başlanması, örneğin
          öğrenci, kurs veya yoklama kaydı yapılması) cayma hakkı kullanılamaz.
        </P>
      </Section>
      <Section title="Madde 6 – İade">
        <P>
          Cayma hakkının süresinde kullanılması hâlinde Satıcı, tahsil edilen bedelin tamamını, cayma
          bildiriminin kendisine ulaştığı tarihten itibaren en geç 14 gün içinde, ödemede kullanılan karta
          iade eder. İadenin hesaba yansıma süresi bankaya göre değişebilir.
        </P>
      </Section>
      <Section title="Madde 7 – Tarafların yükümlülükleri">
        <P>
          Alıcı; kayıt sırasında verdiği bilgilerin doğru olduğunu, hesap bilgilerinin gizliliğini
          koruyacağını ve panele kaydettiği öğrenci, veli ve çalışan verileri bakımından veri sorumlusu olarak
          mevzuata uygun davranacağını kabul eder. Satıcı, bu verileri yalnızca hizmetin sunulması amacıyla ve
          Gizlilik Politikası&apos;na uygun olarak işler.
        </P>
      </Section>
      <Section title="Madde 8 – Uyuşmazlıkların çözümü">
        <P>
          Alıcının tüketici sıfatını taşıdığı uyuşmazlıklarda, Ticaret Bakanlığınca her yıl ilan edilen
          parasal sınırlar dâhilinde Alıcının veya Satıcının yerleşim yerindeki tüketici hakem heyetleri, bu
          sınırları aşan uyuşmazlıklarda tüketici mahkemeleri yetkilidir. Tacirler arasındaki uyuşmazlıklarda
          İstanbul mahkemeleri ve icra daireleri yetkilidir.
        </P>
      </Section>
      <Section title="Madde 9 – Yürürlük">
        <P>
          Alıcı, ödemeyi tamamlamadan önce bu sözleşmenin ve Teslimat-İade Şartları&apos;nın tüm koşullarını
          okuduğunu ve elektronik ortamda kabul ettiğini beyan eder. Sözleşme, ödemenin onaylanmasıyla
          yürürlüğe girer.
        </P>
      </Section>
    </>
  );
}

/** Teslimat-İade Şartları (api.md 9.6: refunds within 14 days at most). */
export function DeliveryRefundTerms({ company }: { company?: Company }) {
  const email = show(company?.email);
  return (
    <>
      <Section title="Teslimat">
        <P>
          {BRAND_NAME} bir yazılım hizmetidir; fiziksel bir ürün gönderilmez ve teslimat ücreti alınmaz.
          Hizmet, ödemenin banka tarafından onaylanmasıyla elektronik ortamda teslim edilir: kurumunuzun
          üyeliği anında etkinleşir, ödeme sonucu gelen kutunuza bildirim olarak düşer ve panele &quot;Giriş
          Yap&quot; bağlantısından hemen erişebilirsiniz.
        </P>
        <P>
          Ödemeniz onaylandığı hâlde üyeliğiniz etkinleşmediyse lütfen {email} adresine ödeme tarihini ve
          kurum adınızı yazarak bize ulaşın; durum aynı iş günü içinde incelenir.
        </P>
      </Section>
      <Section title="Cayma ve iade">
        <P>
          Ödeme tarihinden itibaren <strong>14 gün</strong> içinde, hizmetin kullanımına başlanmamış olması
          kaydıyla (panelde öğrenci, kurs, yoklama veya ödeme kaydı gibi bir işlem yapılmamışsa) cayma
          hakkınızı kullanarak bedelin tamamının iadesini isteyebilirsiniz. Talebinizi kayıtlı e-posta
          adresinizden {email} adresine iletmeniz yeterlidir.
        </P>
        <P>
          Onaylanan iadeler, talebin bize ulaştığı tarihten itibaren <strong>en geç 14 gün</strong> içinde,
          ödemede kullanılan kart veya hesaba yapılır. Tutarın hesabınıza yansıma süresi bankanıza göre
          değişebilir.
        </P>
      </Section>
      <Section title="Hatalı veya mükerrer çekimler">
        <P>
          Teknik bir hata nedeniyle aynı abonelik için birden fazla çekim yapıldığında, fazladan alınan tutar
          cayma süresi aranmaksızın en geç 14 gün içinde iade edilir.
        </P>
      </Section>
      <Section title="Kullanılmaya başlanmış abonelikler">
        <P>
          Kullanımına başlanmış abonelik dönemleri için, mevzuattan doğan haklarınız saklı kalmak kaydıyla,
          kalan süreye göre kısmi iade yapılmaz; üyeliğiniz ödediğiniz sürenin sonuna kadar açık kalır.
        </P>
      </Section>
    </>
  );
}

/** Hakkımızda (api.md 9.6: founded in 2025, based in Istanbul). */
export function AboutUs({ company }: { company?: Company }) {
  return (
    <>
      <P>
        {BRAND_NAME}, {FOUNDED_YEAR} yılında İstanbul&apos;da kurulan {show(company?.name)} tarafından
        geliştirilen bir kurum yönetim yazılımıdır. Kurslar, dershaneler ve etüt merkezleri, sanat ve müzik
        okulları gibi özel eğitim kurumlarının günlük işlerini tek bir panelde toplamak için yola çıktık.
      </P>
      <P>
        Öğrenci ve kurs kayıtlarından yoklamaya, ödeme ve bakiye takibinden eğitmen, çalışan ve maaş
        yönetimine, gruplardan ders programlarına, izinli SMS gönderiminden muhasebeye kadar tüm modülleri tek
        fiyatla sunuyoruz. Öğrenci, eğitmen, çalışan, yoklama ve sınıf sayısında sınır koymuyoruz; kurumunuz
        büyüdükçe ödediğiniz tutar değişmiyor.
      </P>
      <P>
        Arayüzümüz tamamen Türkçedir, fiyatlarımız Türk lirasıdır ve kişisel verilerin korunmasını ürünün en
        başından gözeterek tasarladık. Kayıt olduktan sonra birkaç dakika içinde kullanmaya başlayabilirsiniz.
      </P>
    </>
  );
}

/** İletişim (product.md 2): name, address, e-mail, phone, KEP, tax office and number, MERSİS, register, chamber. */
export function ContactDetails({ company }: { company?: Company }) {
  const rows: [string, ReactNode][] = [
    ['Unvan', show(company?.name)],
    ['Adres', show(company?.address)],
    ['E-posta', company?.email ? <a href={`mailto:${company.email}`}>{company.email}</a> : show(undefined)],
    [
      'Telefon',
      company?.phone ? (
        <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
      ) : (
        show(undefined)
      ),
    ],
    ['KEP adresi', show(company?.kep)],
    ['Vergi dairesi', show(company?.taxOffice)],
    ['Vergi numarası', show(company?.taxNumber)],
    ['MERSİS numarası', show(company?.mersis)],
    ['Ticaret sicil numarası', show(company?.tradeRegistry)],
    ['Bağlı olduğu oda', show(company?.chamber)],
  ];
  return (
    <>
      <P>Sorularınız, destek ve iade talepleriniz için bize aşağıdaki kanallardan ulaşabilirsiniz.</P>
      <Table size="small" aria-label="İletişim bilgileri">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%', pl: 0 }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

export function LegalDocumentContent({ doc, company }: { doc: LegalDocument; company?: Company }) {
  switch (doc) {
    case 'privacy':
      return <PrivacyPolicy company={company} />;
    case 'distanceSales':
      return <DistanceSalesContract company={company} />;
    case 'deliveryRefund':
      return <DeliveryRefundTerms company={company} />;
    case 'about':
      return <AboutUs company={company} />;
    case 'contact':
      return <ContactDetails company={company} />;
    default: {
      const _exhaustive: never = doc;
      return _exhaustive;
    }
  }
}
