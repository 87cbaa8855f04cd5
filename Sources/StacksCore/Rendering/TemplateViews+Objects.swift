/// Each view as the `TemplateObject` the renderer hands to the templates, built by hand: the
/// fast path (swift-mustache would read a struct through `Mirror`), and no conversion through
/// a generic encoder. `TemplateViewsTests` checks that these give exactly the declared names.
extension LayoutView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [
            "site": .object(site.templateObject),
            "page": .object(page.templateObject),
            "layout": .object(layout.templateObject),
            "breadcrumbs": .list(breadcrumbs.map { .object($0.templateObject) }),
            "contentLabel": .text(contentLabel),
            "sidebar": .text(sidebar.html),
            "content": .text(content.html),
            "detail": .text(detail.html),
        ]
        if let back { object["back"] = .object(back.templateObject) }
        if !languages.html.isEmpty {
            object["languages"] = .text(languages.html)
            object["alternates"] = .text(alternates.html)
            if let languageName { object["languageName"] = .text(languageName) }
        }
        return object
    }
}


extension SiteView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [
            "title": .text(title), "language": .text(language), "direction": .text(direction), "assets": .text(assets),
            "root": .text(root), "home": .text(home), "portable": .text(portable),
        ]
        if let languageFolder { object["languageFolder"] = .text(languageFolder) }
        if let strings { object["strings"] = .text(strings) }
        return object
    }
}

extension PageView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [
            "title": .text(title), "documentTitle": .text(documentTitle), "kind": .text(kind),
            "kindLabel": .text(kindLabel), "skipLabel": .text(skipLabel), "depth": .number(depth),
        ]
        if let description { object["description"] = .text(description) }
        if let canonical { object["canonical"] = .text(canonical) }
        if let breadcrumbList { object["breadcrumbList"] = .text(breadcrumbList.html) }
        return object
    }
}

extension LayoutSettingsView {
    var templateObject: TemplateObject {
        ["columns": .text(columns), "style": .text(style), "mediumBelow": .number(mediumBelow),
         "wideBelow": .number(wideBelow), "medium": .number(medium), "wide": .number(wide)]
    }
}

extension LinkView {
    var templateObject: TemplateObject { ["title": .text(title), "url": .text(url)] }
}

extension CrumbView {
    var templateObject: TemplateObject { ["title": .text(title), "url": .text(url), "current": .flag(current)] }
}

extension SidebarView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["siteTitle": .text(siteTitle), "home": .text(home), "homeCurrent": .flag(homeCurrent),
                                      "categories": .list(categories.map { .object($0.templateObject) }),
                                      "moreCategories": .flag(moreCategories), "categoryCount": .number(categoryCount)]
        if let tags { object["tags"] = .object(tags.templateObject) }
        return object
    }
}

extension SidebarLinkView {
    var templateObject: TemplateObject { ["title": .text(title), "url": .text(url), "current": .flag(current)] }
}

extension SidebarNodeView {
    var templateObject: TemplateObject {
        var object = icon.templateObject
        object["title"] = .text(title)
        object["url"] = .text(url)
        object["current"] = .flag(current)
        object["selected"] = .flag(selected)
        object["inPath"] = .flag(inPath)
        object["open"] = .flag(open)
        object["hasChildren"] = .flag(hasChildren)
        object["children"] = .list(children.map { .object($0.templateObject) })
        object["moreChildren"] = .flag(moreChildren)
        object["childCount"] = .number(childCount)
        return object
    }
}

extension IconView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["tile": .flag(tile)]
        if let iconURL { object["iconURL"] = .text(iconURL) }
        if let iconName { object["iconName"] = .text(iconName) }
        if let iconText { object["iconText"] = .text(iconText) }
        if let color { object["color"] = .text(color) }
        if let thumbnail { object["thumbnail"] = .text(thumbnail) }
        if let thumbnail2x { object["thumbnail2x"] = .text(thumbnail2x) }
        if let thumbnailSizes { object["thumbnailSizes"] = .text(thumbnailSizes) }
        return object
    }
}

extension ContentView {
    var templateObject: TemplateObject {
        var object = TemplateObject()
        if let category { object["category"] = .object(category.templateObject) }
        if let placeholder { object["placeholder"] = .text(placeholder) }
        if let entries { object["entries"] = .text(entries.html) }
        return object
    }
}

extension ListedCategoryView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [
            "id": .number(id), "title": .text(title), "isPage": .flag(isPage), "url": .text(url),
            "count": .number(count), "countLabel": .text(countLabel),
            "offset": .number(offset), "entries": .text(entries.html),
        ]
        if let partial { object["partial"] = .object(partial.templateObject) }
        if let summary { object["summary"] = .text(summary) }
        if let intro { object["intro"] = .text(intro.html) }
        if let window { object["window"] = .object(window.templateObject) }
        if let pagination { object["pagination"] = .object(pagination.templateObject) }
        if let tagIndex { object["tagIndex"] = .object(tagIndex.templateObject) }
        return object
    }
}

extension TagIndexEntryView {
    var templateObject: TemplateObject {
        ["title": .text(title), "url": .text(url), "count": .number(count), "countLabel": .text(countLabel)]
    }
}

extension PartialListView {
    var templateObject: TemplateObject { ["firstPage": .text(firstPage), "index": .text(index)] }
}

extension ListWindowView {
    var templateObject: TemplateObject {
        ["first": .text(first), "last": .text(last), "total": .text(total), "fullListURL": .text(fullListURL)]
    }
}

extension PaginationView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["number": .number(number), "pages": .number(pages)]
        if let previous { object["previous"] = .text(previous) }
        if let next { object["next"] = .text(next) }
        return object
    }
}

extension ListEntryView {
    var templateObject: TemplateObject {
        var object = icon.templateObject
        object["title"] = .text(title)
        object["url"] = .text(url)
        object["kind"] = .text(kind)
        if let rowClass { object["rowClass"] = .text(rowClass) }
        object["selected"] = .flag(selected)
        object["current"] = .flag(current)
        if let summary { object["summary"] = .text(summary) }
        if let count { object["count"] = .text(count) }
        if let countLabel { object["countLabel"] = .text(countLabel) }
        if let tags { object["tags"] = .text(tags) }
        if let rowID { object["rowID"] = .text(rowID) }
        if let language { object["language"] = .text(language) }
        if let languageName { object["languageName"] = .text(languageName) }
        return object
    }
}

extension DetailView {
    var templateObject: TemplateObject {
        var object = TemplateObject()
        if let item { object["item"] = .object(item.templateObject) }
        if let category { object["category"] = .object(category.templateObject) }
        if let home { object["home"] = .object(home.templateObject) }
        return object
    }
}

extension ItemView {
    var templateObject: TemplateObject {
        var object = icon.templateObject
        object["title"] = .text(title)
        object["path"] = .text(path)
        object["body"] = .text(body.html)
        object["tags"] = .list(tags.map(TemplateValue.text))
        object["hasTags"] = .flag(hasTags)
        object["tagLinks"] = .list(tagLinks.map { .object($0.templateObject) })
        object["attributes"] = .list(attributes.map { .object($0.templateObject) })
        object["hasAttributes"] = .flag(hasAttributes)
        object["params"] = .object(params.object)
        if let summary { object["summary"] = .text(summary) }
        if let outline { object["outline"] = .object(outline.templateObject) }
        if let date { object["date"] = .object(date.templateObject) }
        if let image { object["image"] = .text(image) }
        if let imageWidth { object["imageWidth"] = .text(imageWidth) }
        if let imageHeight { object["imageHeight"] = .text(imageHeight) }
        if let imageSrcset { object["imageSrcset"] = .text(imageSrcset) }
        if let imageSizes { object["imageSizes"] = .text(imageSizes) }
        if let imageAvifSrcset { object["imageAvifSrcset"] = .text(imageAvifSrcset) }
        if let subitems { object["subitems"] = .text(subitems.html) }
        if let hasSubitems { object["hasSubitems"] = .flag(hasSubitems) }
        if let stack { object["stack"] = .object(stack.templateObject) }
        if let siblings { object["siblings"] = .object(siblings.templateObject) }
        return object
    }
}

extension SiblingsView {
    var templateObject: TemplateObject {
        var object: TemplateObject = [:]
        if let previous { object["previous"] = .object(previous.templateObject) }
        if let next { object["next"] = .object(next.templateObject) }
        return object
    }
}

extension DateView {
    var templateObject: TemplateObject { ["machine": .text(machine), "readable": .text(readable)] }
}

extension AttributeView {
    var templateObject: TemplateObject { ["name": .text(name), "value": .text(value)] }
}

extension DetailStackView {
    var templateObject: TemplateObject {
        ["back": .object(back.templateObject), "crumbs": .list(crumbs.map { .object($0.templateObject) })]
    }
}

extension OutlineView {
    var templateObject: TemplateObject { ["entries": .list(entries.map { .object($0.templateObject) })] }
}

extension OutlineEntryView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["text": .text(text), "url": .text(url)]
        if let sub { object["sub"] = .object(sub.templateObject) }
        return object
    }
}

extension OutlineSubView {
    var templateObject: TemplateObject { ["entries": .list(entries.map { .object($0.templateObject) })] }
}

extension OutlineLinkView {
    var templateObject: TemplateObject { ["text": .text(text), "url": .text(url)] }
}

extension CategoryIntroView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["title": .text(title), "placeholder": .text(placeholder)]
        if let intro { object["intro"] = .text(intro.html) }
        return object
    }
}

extension HomeIntroView {
    var templateObject: TemplateObject {
        var object: TemplateObject = ["title": .text(title), "intro": .text(intro.html)]
        if let overview { object["overview"] = .text(overview.html) }
        return object
    }
}

extension NotFoundView {
    var templateObject: TemplateObject { ["site": .object(site.templateObject)] }
}

extension RedirectView {
    var templateObject: TemplateObject { ["site": .object(site.templateObject), "title": .text(title), "url": .text(url)] }
}

extension StylesheetView {
    var templateObject: TemplateObject {
        ["layout": .object(layout.templateObject), "site": .object(site.templateObject),
         "icons": .list(icons.map { .object($0.templateObject) })]
    }
}

extension StylesheetIconView {
    var templateObject: TemplateObject { ["name": .text(name), "image": .text(image)] }
}
