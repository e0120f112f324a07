extension Scene {
    /// A presentation's width in points on this scene's screen (docs/format.md geometry).
    public func width(of presentation: Presentation) -> Double {
        let geometry = profile.geometry(for: presentation.appearance)
        if geometry.placement == .fullScreen { return screen.width }
        return min(geometry.width ?? screen.width, screen.width)
    }

    /// Where a presentation sits on the screen at a detent (docs/format.md geometry).
    ///
    /// - Parameters:
    ///   - page: the page showing, for styles as tall as their rows.
    ///   - presenter: the presenter's screen frame, for popovers.
    public func frame(of presentation: Presentation, page: Int = 0, detent: String? = nil,
                      presenter: Frame? = nil) -> Frame {
        let geometry = profile.geometry(for: presentation.appearance)
        let width = self.width(of: presentation)
        let centeredX = (screen.width - width) / 2
        let rows = layout.contentHeight[.presentation(presentation.id, page: page)] ?? 0
        switch geometry.placement {
        case .fullScreen:
            return Frame(x: 0, y: 0, width: screen.width, height: screen.height)
        case .detents:
            let top = sheetTop(presentation, detent: detent ?? presentation.selected)
            return Frame(x: centeredX, y: top, width: width, height: screen.height - top)
        case .center:
            let height = min(geometry.height ?? rows, screen.height)
            return Frame(x: centeredX, y: (screen.height - height) / 2, width: width, height: height)
        case .underTitleBar:
            let top = profile.geometry.safeTop
            return Frame(x: centeredX, y: top, width: width, height: min(geometry.height ?? rows, screen.height - top))
        case .bottom:
            let height = min(rows, screen.height)
            return Frame(x: 0, y: screen.height - height, width: screen.width, height: height)
        case .belowPresenter:
            let height = min(geometry.height ?? rows, screen.height)
            guard let presenter else {
                return Frame(x: centeredX, y: (screen.height - height) / 2, width: width, height: height)
            }
            let x = min(max(0, presenter.x + presenter.width / 2 - width / 2), screen.width - width)
            let y = min(presenter.maxY, screen.height - height)
            return Frame(x: x, y: y, width: width, height: height)
        }
    }

    /// The top edge of a detent-placed sheet: large at the safe top + 10,
    /// medium at half the screen, a custom fraction f as tall as f × the large height.
    public func sheetTop(_ presentation: Presentation, detent: String) -> Double {
        let largeTop = profile.geometry.safeTop + 10
        let largeHeight = screen.height - largeTop
        let resolved = presentation.detents.first { $0.id == detent } ?? Detent(id: detent)
        if let fraction = resolved.fraction { return screen.height - fraction * largeHeight }
        return resolved.id == "medium" ? screen.height / 2 : largeTop
    }
}
