import EarshotCore

/// A sheet's grabber as the profile's `grabber` describes it: where a double tap takes the sheet
/// (UIKit's wrap, Material's bounce), the state its sheet rests in (Material's collapsed, half
/// expanded, expanded) and the actions a Material drag handle offers (docs/decisions.md,
/// "The Material drag handle").
extension Scene {
    /// The presentation a grabber (or any element) belongs to, as it is shown in `state`; nil
    /// where it is not shown.
    func grabberSheet(of ref: ElementRef, in state: SceneState) -> (presentation: Presentation, shown: SceneState.Shown)? {
        guard let id = self[ref].surface.presentationID, let presentation = presentations[id],
              let shown = state.stack.last(where: { $0.id == id }) else { return nil }
        return (presentation, shown)
    }

    /// The detent a double tap on the grabber takes the sheet shown as `shown` to, and whether
    /// a bouncing grabber is then taking it down; nil where it has one detent.
    func grabberNext(of presentation: Presentation, shown: SceneState.Shown) -> (index: Int, collapsing: Bool)? {
        let count = presentation.detents.count
        guard count > 1, let current = presentation.detentIndex(shown.detent) else { return nil }
        switch profile.grabber?.cycle ?? .wrap {
        case .wrap:
            return ((current + 1) % count, false)
        case .bounce:
            // Material's BottomSheetDragHandleView: up from the smallest, down from the largest,
            // and on the way it was going in between.
            let collapsing = current == count - 1 ? true : current == 0 ? false : shown.collapsing
            return (collapsing ? current - 1 : current + 1, collapsing)
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
        guard let names = profile.grabber?.actions, let (presentation, shown) = grabberSheet(of: ref, in: state),
              let current = presentation.detentIndex(shown.detent) else { return [] }
        let detents = presentation.detents, at = presentation.location
        func move(_ name: String, to index: Int) -> CustomAction {
            CustomAction(name: name, effect: Effect([EffectAction(.detent(.to(detents[index].id)), at: at)]), location: at)
        }
        var actions: [CustomAction] = []
        if detents.count > 2, current != 1 { actions.append(move(names.halfExpand, to: 1)) }
        if presentation.dismissible, !presentation.persistent {
            actions.append(CustomAction(name: names.dismiss, effect: Effect([EffectAction(.dismiss, at: at)]), location: at))
        }
        if current > 0 { actions.append(move(names.collapse, to: 0)) }
        if current < detents.count - 1 { actions.append(move(names.expand, to: detents.count - 1)) }
        return actions
    }

    /// An element's custom actions in `state`: the scene's, or a grabber's own.
    public func actions(of ref: ElementRef, in state: SceneState) -> [CustomAction] {
        self[ref].system == .grabber && profile.grabber?.actions != nil ? grabberActions(ref, in: state) : self[ref].actions
    }
}
