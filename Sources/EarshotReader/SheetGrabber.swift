import EarshotCore

/// A sheet's grabber as the profile's `grabber` (or its toolkit's) describes it: where a double
/// tap takes the sheet (UIKit's wrap, Material's bounce, Compose's expand or dismiss), the state
/// its sheet rests in (Material's collapsed, half expanded, expanded) and the actions a Material
/// drag handle offers (docs/decisions.md, "The Material drag handle" and "Toolkits").
extension Scene {
    /// The presentation a grabber (or any element) belongs to, as it is shown in `state`; nil
    /// where it is not shown.
    func grabberSheet(of ref: ElementRef, in state: SceneState) -> (presentation: Presentation, shown: SceneState.Shown)? {
        guard let id = self[ref].surface.presentationID, let presentation = presentations[id],
              let shown = state.stack.last(where: { $0.id == id }) else { return nil }
        return (presentation, shown)
    }

    /// Where a double tap on the grabber takes the sheet shown as `shown`.
    enum GrabberMove: Equatable {
        /// To the detent at `index`; `collapsing`: a bouncing grabber is then taking it down.
        case detent(index: Int, collapsing: Bool)
        /// Off the screen (Compose's drag handle on an expanded sheet).
        case dismiss
    }

    /// Where a double tap on the grabber takes the sheet shown as `shown`; nil where it stays
    /// (one detent, and a grabber that does not dismiss).
    func grabberMove(of presentation: Presentation, shown: SceneState.Shown) -> GrabberMove? {
        let count = presentation.detents.count
        guard let current = presentation.detentIndex(shown.detent) else { return nil }
        switch profile.grabber(for: presentation)?.cycle ?? .wrap {
        case .wrap:
            return count > 1 ? .detent(index: (current + 1) % count, collapsing: false) : nil
        case .bounce:
            // Material's BottomSheetDragHandleView: up from the smallest, down from the largest,
            // and on the way it was going in between.
            guard count > 1 else { return nil }
            let collapsing = current == count - 1 ? true : current == 0 ? false : shown.collapsing
            return .detent(index: collapsing ? current - 1 : current + 1, collapsing: collapsing)
        case .expandOrDismiss:
            // Compose's drag handle: up to the largest; from there it hides the sheet (a
            // dismissal, refused where the sheet may not be dismissed), or, on a persistent sheet
            // that cannot hide (BottomSheetScaffold's skipHiddenState), goes back to the smallest.
            if current < count - 1 { return .detent(index: count - 1, collapsing: false) }
            if !presentation.persistent { return .dismiss }
            return count > 1 ? .detent(index: 0, collapsing: false) : nil
        }
    }

    /// Where the sheet rests among its detents, for a grabber whose states are named so.
    func grabberState(of presentation: Presentation, detent: String) -> Profile.Grabber.State? {
        guard let index = presentation.detentIndex(detent) else { return nil }
        return Profile.Grabber.State(index: index, count: presentation.detents.count)
    }

    /// The grabber's actions in `state` where the profile gives it some (Material's drag handle,
    /// as BottomSheetBehavior offers them): `Expand halfway` except there (three detents or more),
    /// the dismissal of a dismissible sheet, `Collapse` above the smallest detent, `Expand` below
    /// the largest. Each runs as the app's effect would: a detent change, or a dismissal.
    func grabberActions(_ ref: ElementRef, in state: SceneState) -> [CustomAction] {
        guard let (presentation, shown) = grabberSheet(of: ref, in: state), let names = profile.grabber(for: presentation)?.actions,
              let current = presentation.detentIndex(shown.detent) else { return [] }
        let detents = presentation.detents, at = presentation.location
        func move(_ name: String, to index: Int) -> CustomAction {
            CustomAction(name: name, effect: Effect([EffectAction(.detent(.to(detents[index].id)), at: at)]), location: at)
        }
        var actions: [CustomAction] = []
        if let halfExpand = names.halfExpand, detents.count > 2, current != 1 { actions.append(move(halfExpand, to: 1)) }
        if presentation.dismissible, !presentation.persistent {
            actions.append(CustomAction(name: names.dismiss, effect: Effect([EffectAction(.dismiss, at: at)]), location: at))
        }
        if current > 0 { actions.append(move(names.collapse, to: 0)) }
        if current < detents.count - 1 { actions.append(move(names.expand, to: detents.count - 1)) }
        return actions
    }

    /// An element's custom actions in `state`: the scene's, or a grabber's own.
    public func actions(of ref: ElementRef, in state: SceneState) -> [CustomAction] {
        self[ref].system == .grabber && grabberProfile(of: ref)?.actions != nil ? grabberActions(ref, in: state) : self[ref].actions
    }

    /// The profile's grabber for a grabber element: its sheet's toolkit's, else the profile's.
    func grabberProfile(of ref: ElementRef) -> Profile.Grabber? {
        guard let id = self[ref].surface.presentationID, let presentation = presentations[id] else { return profile.grabber }
        return profile.grabber(for: presentation)
    }
}
