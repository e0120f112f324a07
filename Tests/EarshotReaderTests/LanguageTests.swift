import EarshotCore
import EarshotReader
import EarshotScenario
import Foundation
import Testing

/// VoiceOver in German and Russian (docs/format.md, Languages): every word that is not the
/// app's own comes from the language's profile (each with its source in docs/evidence.md).
@Suite("Languages")
struct LanguageTests {
    /// A settings screen with one of each kind, and a sheet with a grabber.
    static func scene(_ language: String, platform: String = "ios", os: String = "17") -> String {
        """
        scene: Settings
        language: \(language)
        platform: \(platform)
        os: "\(os)"
        root:
          - heading: Settings
          - switch: Wi-Fi
            value: on
          - slider: Brightness
            value: 50
            unit: percent
          - group: Tabs
            tabBar: true
            children:
              - tab: Home
                selected: true
              - tab: Search
          - button: Edit
            activate: { present: sheet }
          - button: Later
            enabled: false
          - link: Privacy
          - image: Logo
          - searchField: Find
          - secureField: PIN
            value: "1234"
          - textField: Name
            actions: [{ name: Copy, do: { announce: Copied } }]
        presentations:
          sheet:
            detents: [medium, large]
            grabber: true
            content:
              - button: Close
                placement: topLeading
                activate: cancel
        """
    }

    static func said(_ yaml: String, presenting: String? = nil) throws -> [String] {
        let scene = try loadScene(yaml)
        let builder = DescriptionBuilder(scene: scene)
        let state = presenting.map { scene.state(presenting: $0) } ?? SceneState()
        return scene.scope(in: state).map { ref in
            let speech = builder.speech(for: ref, in: state)
            return ([speech.description] + [speech.hint, speech.actionsAvailable].compactMap { $0 }).joined(separator: " | ")
        }
    }

    @Test func germanVoiceOverSpeaksGermanWords() throws {
        let said = try Self.said(Self.scene("de"))
        #expect(said == [
            "Settings. Überschrift.",
            "Wi-Fi. Umschalttaste. Ein. | Zum Umschalten Doppeltippen.",
            "Brightness: 50\u{00A0}%. Einstellbar. | Zum Anpassen des Wertes mit einem Finger nach oben oder unten streichen.",
            "Auswahl: Home. Tabulator. 1 von 2.",
            "Search. Tabulator. 2 von 2.",
            "Edit. Taste.",
            "Later. Grau dargestellt. Taste.",
            "Privacy. Hyperlink.",
            "Logo. Bild.",
            "Find. Suchfeld. | Zum Bearbeiten doppeltippen.",
            "PIN. Sicheres Textfeld. 4 Zeichen. | Zum Bearbeiten doppeltippen.",
            "Name. Textfeld. | Zum Bearbeiten doppeltippen. | Aktionen verfügbar",
        ])
        let sheet = try Self.said(Self.scene("de"), presenting: "sheet")
        #expect(sheet.prefix(2) == ["Sheet-Griff: Halber Bildschirm. Taste.", "Aktivieren, um das Pop-up-Fenster zu schließen. Taste."])
    }

    @Test func russianVoiceOverSpeaksRussianWords() throws {
        let said = try Self.said(Self.scene("ru"))
        #expect(said == [
            "Settings. Заголовок.",
            "Wi-Fi. Кнопка-переключатель. Вкл. | Коснитесь дважды, чтобы переключить настройку.",
            "Brightness: 50\u{00A0}%. Элемент регулировки. | Смахните вверх или вниз одним пальцем, чтобы настроить значение.",
            "Выбрано: Home. Вкладка. 1 из 2.",
            "Search. Вкладка. 2 из 2.",
            "Edit. Кнопка.",
            "Later. Недоступно. Кнопка.",
            "Privacy. Ссылка.",
            "Logo. Изображение.",
            "Find. Поле поиска. | коснитесь дважды, чтобы редактировать.",
            "PIN. Защищённое текстовое поле. символов: 4. | коснитесь дважды, чтобы редактировать.",
            "Name. текстовое поле. | коснитесь дважды, чтобы редактировать. | Доступны действия",
        ])
        let sheet = try Self.said(Self.scene("ru"), presenting: "sheet")
        #expect(sheet.prefix(2) == ["Манипулятор листа: Половина экрана. Кнопка.", "Активируйте, чтобы закрыть всплывающее окно. Кнопка."])
    }

    /// Japanese joins a description's parts with the ideographic comma, the state after the label
    /// ("Tab1、選択中、タブ、1/3"), and says the system's elements by their Japanese labels.
    /// (Japanese words have no capitals or spaces for the ledger to find quoted.)
    /// Holds: ios:words.parts.separator, ios:words.searchField, ios:grabber.label, ios:grabber.values.*, ios:popoverDismiss.label, ios:secureEntry.character
    @Test func japaneseVoiceOverJoinsItsPartsWithTheIdeographicComma() throws {
        let said = try Self.said(Self.scene("ja"))
        #expect(said == [
            "Settings、見出し",
            "Wi-Fi、スイッチボタン、オン | ダブルタップして設定を切り替えます",
            "Brightness、50%、調整可能 | 1本指で上下にスワイプして値を調整します。",
            "Home、選択中、タブ、1/2",
            "Search、タブ、2/2",
            "Edit、ボタン",
            "Later、淡色表示、ボタン",
            "Privacy、リンク",
            "Logo、イメージ",
            "Find、検索フィールド | ダブルタップして編集します。",
            "PIN、保護されたテキストフィールド、4文字 | ダブルタップして編集します。",
            "Name、テキストフィールド | ダブルタップして編集します。 | アクションが利用可能です",
        ])
        let sheet = try Self.said(Self.scene("ja"), presenting: "sheet")
        #expect(sheet.prefix(2) == ["シートグラバー、半分の画面、ボタン", "ポップアップウインドウを閉じるには、アクティベートします、ボタン"])
        #expect(try Profile.bundled(.ios, language: "ja").popoverDismiss?.label == "ポップアップを閉じる")
        #expect(try Profile.bundled(.ios, language: "ja").onScreenKeyboard?.returnKeys["search"] == "検索")
        #expect(try Profile.bundled(.ipados, language: "ja").onScreenKeyboard == nil)
    }

    /// A slider's or stepper's number as the language writes it: German and Russian with a comma
    /// (CLDR's decimal separator), English and Japanese with a point.
    /// Holds: ios:words.decimal
    @Test(arguments: [("de", "Zoom: 2,5. Einstellbar."), ("ru", "Zoom: 2,5. Элемент регулировки."), ("ja", "Zoom、2.5、調整可能"),
                      ("en", "Zoom: 2.5. Adjustable.")])
    func aNumbersDecimalSeparatorIsTheLanguages(_ language: String, _ said: String) throws {
        let scene = try loadScene("scene: Z\nlanguage: \(language)\nroot:\n  - slider: Zoom\n    value: 2.5\n    min: 1\n    max: 5\n    step: 0.5\n")
        #expect(scene.scopeDescriptions() == [said])
    }

    /// iPadOS speaks iOS's words in each language, with the iPad's own geometry and adaptations.
    @Test(arguments: ["de", "ru", "ja"])
    func iPadOSSpeaksTheWordsOfIOS(_ language: String) throws {
        #expect(try Self.said(Self.scene(language, platform: "ipados")) == Self.said(Self.scene(language)))
        let iPad = try Profile.bundled(.ipados, language: language)
        let iPhone = try Profile.bundled(.ios, language: language)
        #expect(iPad.words == iPhone.words && iPad.hints == iPhone.hints && iPad.grabber == iPhone.grabber)
        #expect(iPad.geometry == (try Profile.bundled(.ipados)).geometry)
        #expect(iPad.adaptations.actionSheetAsPopover && !iPhone.adaptations.actionSheetAsPopover)
    }

    /// A word an English version patch changes (iOS 18's collapsed grabber) is the language's
    /// own at that version too, never English in German.
    @Test(arguments: ["de", "ru", "ja"])
    func aVersionPatchOfTheWordsIsTranslated(_ language: String) throws {
        let collapsed = ["de": "Reduziert", "ru": "Свернуто", "ja": "折りたたみ"][language]!
        #expect(try Profile.bundled(.ios, language: language, os: "18").grabber?.values["medium"] == collapsed)
        #expect(try Profile.bundled(.ios, language: language, os: "26").dimming == nil)   // the base's patch applies too
        // Every base patch that sets words is patched in the language at the same version.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/EarshotCore/Resources/Profiles").standardized
        func json(_ name: String) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name + ".json"))) as! [String: Any]
        }
        func stringPaths(_ value: Any, _ path: String) -> [String] {
            // A fact's source is not a word VoiceOver says.
            if let object = value as? [String: Any] {
                return object.filter { $0.key != "source" }.flatMap { stringPaths($0.value, path + "." + $0.key) }
            }
            return value is String ? [path] : []
        }
        let base = try json("ios.en"), translated = try json("ios.\(language)")
        for patch in base["versioned"] as! [[String: Any]] {
            let from = patch["from"] as! String
            let words = stringPaths(patch["set"]!, "")
            let own = (translated["versioned"] as? [[String: Any]] ?? []).filter { $0["from"] as? String == from }
                .flatMap { stringPaths($0["set"]!, "") }
            #expect(Set(words).isSubset(of: Set(own)), "ios.\(language) does not translate \(words) of iOS \(from)")
        }
    }

    /// Read from `rotor:`, a double tap and `type:`: the rotor's names, `Is editing`, the
    /// editing hint and the typing echo.
    /// Holds: hints.textEntryEditing, ios:rotors.*, ios:words.isEditing
    @Test(arguments: [
        ("de", ["Aktionen", "Überschriften", "Links", "Container", "Wert anpassen"], "Bearbeiten",
         "Den Rotor für den Zugriff auf „Rechtschreibfehler“ verwenden", "Leerzeichen"),
        ("ru", ["Действия", "Заголовки", "Ссылки", "Контейнеры", "Настроить значение"], "Идет правка",
         "Используйте ротор для доступа к объекту: Слова с ошибками", "пробел"),
        ("ja", ["アクション", "見出し", "リンク", "コンテナ", "値を調整"], "編集中",
         "ローターを使用して、スペルミスのある単語にアクセスします", "空白"),
    ])
    func theRotorEditingAndTypingSpeakTheLanguage(_ language: String, _ rotors: [String], _ editing: String, _ hint: String,
                                                  _ space: String) throws {
        let scene = try loadScene(Self.scene(language))
        var reader = ScreenReader(scene: scene)
        _ = reader.touch("Name")
        let names = ScreenReader.Rotor.allCases.map { rotor in reader.rotor(rotor).compactMap(\.utterance?.text).first ?? "" }
        #expect(names == rotors)
        let edited = reader.doubleTap().compactMap(\.utterance?.text)
        #expect(edited.first?.hasSuffix(" \(editing).") == true || edited.first?.hasSuffix("、\(editing)") == true, "\(edited)")
        #expect(reader.hint == hint || edited.contains(hint), "\(edited)")
        // A space that completes no word is said by its name.
        #expect(reader.type(" ").compactMap(\.utterance?.text) == [space])
    }

    /// An alert, and the grabber's values at each version, in each language.
    /// Holds: dimming.label, hints.toggle, hints.adjustable, ios:words.alert, ios:grabber.values.medium
    @Test(arguments: [("de", "Hinweis", ["medium": "Reduziert", "large": "Erweitert"]),
                      ("ru", "Предупреждение", ["medium": "Свернуто", "large": "Развернуто"]),
                      ("ja", "アラート", ["medium": "折りたたみ", "large": "展開"])])
    func anAlertAndTheGrabbersValues(_ language: String, _ alertWord: String, _ values: [String: String]) throws {
        let alert = try loadScene("""
            scene: Alert
            language: \(language)
            root:
              - button: Delete
                activate: { present: confirm }
            presentations:
              confirm:
                style: alert
                title: Delete?
                content:
                  - button: OK
                    activate: dismiss
            """)
        var reader = ScreenReader(scene: alert)
        let said = reader.touch("Delete") + reader.doubleTap()
        #expect(said.compactMap(\.utterance?.text).contains(alertWord))
        #expect(try Profile.bundled(.ios, language: language, os: "18").grabber?.values == values)
    }

    /// French, Spanish, Simplified Chinese, Korean and Brazilian Portuguese VoiceOver (issue 49):
    /// every word from the language's profile, most of them Earshot's own translations (weak;
    /// each profile's sources say which), the percent as CLDR writes it (a no-break space before
    /// it in French and Spanish), Chinese with its full-width comma between the parts.
    @Test(arguments: [
        ("fr", [
            "Settings. En-tête.",
            "Wi-Fi. Bouton interrupteur. Activé. | Touchez deux fois pour changer le réglage.",
            "Brightness: 50\u{00A0}%. Ajustable. | Balayez vers le haut ou vers le bas avec un doigt pour ajuster la valeur.",
            "Sélectionné: Home. Onglet. 1 sur 2.",
            "Search. Onglet. 2 sur 2.",
            "Edit. Bouton.",
            "Later. Estompé. Bouton.",
            "Privacy. Lien.",
            "Logo. Image.",
            "Find. Champ de recherche. | Touchez deux fois pour modifier.",
            "PIN. Champ de texte sécurisé. 4 caractères. | Touchez deux fois pour modifier.",
            "Name. Champ de texte. | Touchez deux fois pour modifier. | Actions disponibles",
         ], ["Poignée de la feuille: Demi-écran. Bouton.", "Activer pour fermer la fenêtre contextuelle. Bouton."]),
        ("es", [
            "Settings. Encabezado.",
            "Wi-Fi. Botón interruptor. Activado. | Toca dos veces para cambiar el ajuste.",
            "Brightness: 50\u{00A0}%. Ajustable. | Desliza un dedo hacia arriba o hacia abajo para ajustar el valor.",
            "Seleccionado: Home. Pestaña. 1 de 2.",
            "Search. Pestaña. 2 de 2.",
            "Edit. Botón.",
            "Later. Atenuado. Botón.",
            "Privacy. Enlace.",
            "Logo. Imagen.",
            "Find. Campo de búsqueda. | Toca dos veces para editar.",
            "PIN. Campo de texto seguro. 4 caracteres. | Toca dos veces para editar.",
            "Name. Campo de texto. | Toca dos veces para editar. | Acciones disponibles",
         ], ["Tirador de la hoja: Media pantalla. Botón.", "Activar para cerrar la ventana emergente. Botón."]),
        ("zh-Hans", [
            "Settings，标题",
            "Wi-Fi，开关按钮，开 | 连按两下以切换设置。",
            "Brightness，50%，可调整 | 用一个手指向上或向下轻扫以调整值。",
            "Home，已选中，标签，第1项，共2项",
            "Search，标签，第2项，共2项",
            "Edit，按钮",
            "Later，变暗，按钮",
            "Privacy，链接",
            "Logo，图像",
            "Find，搜索栏 | 连按两下以编辑。",
            "PIN，安全文本栏，4个字符 | 连按两下以编辑。",
            "Name，文本栏 | 连按两下以编辑。 | 有可用操作",
         ], ["表单抓手，半屏，按钮", "激活以关闭弹出式窗口，按钮"]),
        ("ko", [
            "Settings. 머리말.",
            "Wi-Fi. 스위치 버튼. 켬. | 설정을 전환하려면 이중 탭하십시오.",
            "Brightness: 50%. 조절 가능. | 값을 조절하려면 한 손가락으로 위나 아래로 쓸어넘기십시오.",
            "선택됨: Home. 탭. 2개 중 1번째.",
            "Search. 탭. 2개 중 2번째.",
            "Edit. 버튼.",
            "Later. 흐리게 표시됨. 버튼.",
            "Privacy. 링크.",
            "Logo. 이미지.",
            "Find. 검색 필드. | 편집하려면 이중 탭하십시오.",
            "PIN. 보안 텍스트 필드. 4자. | 편집하려면 이중 탭하십시오.",
            "Name. 텍스트 필드. | 편집하려면 이중 탭하십시오. | 동작 사용 가능",
         ], ["시트 그래버: 화면 절반. 버튼.", "팝업 윈도우를 닫으려면 활성화하십시오. 버튼."]),
        ("pt-BR", [
            "Settings. Cabeçalho.",
            "Wi-Fi. Botão de alternância. Ativado. | Toque duas vezes para alternar o ajuste.",
            "Brightness: 50%. Ajustável. | Passe um dedo para cima ou para baixo para ajustar o valor.",
            "Selecionado: Home. Aba. 1 de 2.",
            "Search. Aba. 2 de 2.",
            "Edit. Botão.",
            "Later. Esmaecido. Botão.",
            "Privacy. Link.",
            "Logo. Imagem.",
            "Find. Campo de busca. | Toque duas vezes para editar.",
            "PIN. Campo de texto seguro. 4 caracteres. | Toque duas vezes para editar.",
            "Name. Campo de texto. | Toque duas vezes para editar. | Ações disponíveis",
         ], ["Alça da folha: Meia tela. Botão.", "Ative para fechar a janela pop-up. Botão."]),
    ])
    func voiceOverInTheLanguagesTeamsShip(_ language: String, _ expected: [String], _ sheet: [String]) throws {
        #expect(try Self.said(Self.scene(language)) == expected)
        #expect(try Self.said(Self.scene(language), presenting: "sheet").prefix(2) == sheet[...])
        #expect(try Self.said(Self.scene(language, platform: "ipados")) == expected)
    }

    /// Each language's espeak-ng voice: its own name, but Mandarin's, whose voices named after
    /// the language read hanzi as English (the profile's `speechVoice`).
    /// Holds: ios:speechVoice.name.
    @Test func eachLanguageHasAVoiceThatSpeaksIt() throws {
        let voices = try Profile.languages(for: .ios).map { try Profile.bundled(.ios, language: $0).voice }
        #expect(voices == ["en-us", "de", "es", "fr", "ja", "ko", "pt-BR", "ru", "cmn-latn-pinyin"])
        #expect(try Profile.bundled(.ipados, language: "zh-Hans").voice == "cmn-latn-pinyin")
    }

    @Test func aLanguageThePlatformHasNotIsBadInputAtTheKey() throws {
        #expect { try SceneLoader.load(yaml: "scene: A\nplatform: macos\nlanguage: de\nroot: []\n", file: "a.yaml") } throws: {
            "\($0)".contains("a.yaml:3:11: error: no 'de' profile for macos (expected one of: en)")
        }
        #expect { try SceneLoader.load(yaml: "scene: A\nlanguage: it\nroot: []\n", file: "a.yaml") } throws: {
            "\($0)".contains("a.yaml:2:11: error: unknown language 'it'")
        }
        #expect(Profile.languages(for: .ios) == ["en", "de", "es", "fr", "ja", "ko", "pt-BR", "ru", "zh-Hans"])
        #expect(Profile.languages(for: .ipados) == Profile.languages(for: .ios) && Profile.languages(for: .macos) == ["en"])
    }

    /// `--language` and the Swift API: the same scene in another language; a scenario's voice
    /// follows its scene's language unless it names one.
    @Test func aSceneAppliedInAnotherLanguageAndItsVoice() throws {
        let english = try loadScene(Self.scene("en"))
        let german = try SceneLoader.scene(english, os: nil, language: "de")
        #expect(german.language == "de" && german.profile.voice == "de" && english.profile.voice == "en-us")
        #expect(german.scopeDescriptions().first == "Settings. Überschrift.")
        #expect(throws: LoadError.self) { try SceneLoader.scene(english, os: nil, language: "it") }
        let scenario = try ScenarioLoader.load(yaml: "scenario: S\nscene:\n" + Self.scene("ru").split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\nsteps:\n  - swipeRight\n")
        #expect(scenario.voice == "ru")
        let named = try ScenarioLoader.load(yaml: "scenario: S\nvoice: en-gb\nscene:\n" + Self.scene("ru").split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\nsteps:\n  - swipeRight\n")
        #expect(named.voice == "en-gb")
    }
}
